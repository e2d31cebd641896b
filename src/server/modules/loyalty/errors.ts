import type { RedemptionProblem } from '#domain/loyalty.ts';
import { AppError } from '../../http/errors.ts';

// The loyalty module's expected failures; each names the field of the sale it is about.
export const LOYALTY_ERRORS = {
  programOff: () =>
    new AppError('LOYALTY_PROGRAM_OFF', 'The loyalty program is off for this business', 400, {
      redeem_points: 'The loyalty program is off for this business',
    }),
  customerRequired: () =>
    new AppError('LOYALTY_CUSTOMER_REQUIRED', 'Choose the customer whose points are redeemed', 400, {
      redeem_points: 'Choose the customer whose points are redeemed',
    }),
  redemption: (problem: RedemptionProblem) =>
    new AppError(
      problem.code === 'NOT_ENOUGH_POINTS' ? 'NOT_ENOUGH_POINTS' : problem.code,
      problem.message,
      problem.code === 'NOT_ENOUGH_POINTS' ? 409 : 400,
      { redeem_points: problem.message },
    ),
};
