import { z } from 'zod';
import {
  claimPairingInput,
  displayPairingResponse,
  pairingParams,
  pendingPairing,
  tillDisplayInput,
  tillPairingsResponse,
  tillParams,
} from '#domain/schemas/display-pairing.ts';
import { withTenant } from '../../db/tenant.ts';
import { access } from '../../http/access.ts';
import { errorResponses } from '../../http/error-responses.ts';
import { consumeRateLimits } from '../../http/rate-limit.ts';
import { setSessionCookie } from '../../http/session-cookies.ts';
import { inTenant } from '../../http/staff-scope.ts';
import { requireBusiness } from '../../http/tenancy.ts';
import type { App, AppDeps } from '../../http/types.ts';
import type { SubscriberResolver } from '../events/index.ts';
import { DISPLAY_NOT_PAIRED } from './errors.ts';
import {
  askTillForState,
  claimPairing,
  displayCookieName,
  findPairedDisplay,
  listTillPairings,
  revokePairing,
  sendToDisplays,
  startPairing,
} from './pairing.ts';

/** Browsers keep a cookie at most 400 days; the pairing itself ends after 30 days unused. */
const DISPLAY_COOKIE_MS = 400 * 86_400_000;
const MINUTE = 60_000;

/** For the event stream: a request carrying a live display cookie may hear its till's display events. */
export const pairedDisplaySubscriber: SubscriberResolver = async (request, deps, business) => {
  const pairing = await withTenant(deps.database.db, business.id, (tx) =>
    findPairedDisplay(tx, request, business, deps.now()),
  );
  if (!pairing) return null;
  return { businessId: business.id, scopes: [`display:${pairing.tillId}`], pairingId: pairing.id };
};

export async function displayRoutes(app: App, deps: AppDeps): Promise<void> {
  // ---- The till's side (staff who sell) ----

  app.get(
    '/api/v1/tills/:tillId/display-pairings',
    {
      config: { access: access.permission('process_sales') },
      schema: {
        tags: ['displays'],
        summary: "The till's pairing code waiting to be entered, and its paired customer displays",
        params: tillParams,
        response: { 200: tillPairingsResponse },
      },
    },
    async (request) =>
      inTenant(request, deps, ({ businessId }, tx) =>
        listTillPairings(tx, businessId, request.params.tillId, deps.now()),
      ),
  );

  app.post(
    '/api/v1/tills/:tillId/display-pairings',
    {
      config: { access: access.permission('process_sales') },
      schema: {
        tags: ['displays'],
        summary: 'A new six-digit code for pairing a customer display on another device (ten minutes)',
        params: tillParams,
        response: { 201: pendingPairing },
      },
    },
    async (request, reply) => {
      const pending = await inTenant(request, deps, (scope, tx) =>
        startPairing({ ...scope, input: { tillId: request.params.tillId, now: deps.now() } }, tx),
      );
      return reply.status(201).send(pending);
    },
  );

  app.delete(
    '/api/v1/display-pairings/:id',
    {
      config: { access: access.permission('process_sales') },
      schema: {
        tags: ['displays'],
        summary: 'Unpair a customer display (or cancel a code); its stream ends at once',
        params: pairingParams,
        response: { 204: z.null(), ...errorResponses(404) },
      },
    },
    async (request, reply) => {
      await inTenant(request, deps, (scope, tx) =>
        revokePairing({ ...scope, input: { id: request.params.id, now: deps.now() } }, tx),
      );
      return reply.status(204).send(null);
    },
  );

  app.post(
    '/api/v1/tills/:tillId/display',
    {
      config: { access: access.permission('process_sales') },
      schema: {
        tags: ['displays'],
        summary: "The till's cart or payment state, to its paired customer displays",
        params: tillParams,
        body: tillDisplayInput,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      await inTenant(request, deps, (scope, tx) =>
        sendToDisplays({ ...scope, input: { tillId: request.params.tillId, message: request.body } }, tx),
      );
      return reply.status(204).send(null);
    },
  );

  // ---- The display's side (no staff session: the display cookie) ----

  app.post(
    '/api/v1/display-pairing/claim',
    {
      config: { access: access.public },
      schema: {
        tags: ['displays'],
        summary: 'Pair this device as a customer display with the till showing the code',
        body: claimPairingInput,
        response: { 200: displayPairingResponse, ...errorResponses(404, 429) },
      },
    },
    async (request, reply) => {
      const business = await requireBusiness(request, deps);
      // Six digits live ten minutes: a handful of tries per address leaves guessing hopeless.
      await consumeRateLimits(deps, [
        { key: `display-pair:ip:${request.ip}`, limit: 10, windowMs: 15 * MINUTE, what: 'pairing attempts' },
      ]);
      const { pairing, token } = await withTenant(deps.database.db, business.id, (tx) =>
        claimPairing(
          {
            businessId: business.id,
            input: {
              code: request.body.code,
              userAgent: request.headers['user-agent'] ?? null,
              now: deps.now(),
            },
          },
          tx,
        ),
      );
      setSessionCookie(
        reply,
        request,
        deps,
        displayCookieName(business.slug),
        token,
        new Date(deps.now().getTime() + DISPLAY_COOKIE_MS),
      );
      return { pairing_id: pairing.id, till_id: pairing.tillId };
    },
  );

  app.get(
    '/api/v1/display-pairing',
    {
      config: { access: access.public },
      schema: {
        tags: ['displays'],
        summary: 'Which till this device follows as a customer display (401 when it is not paired)',
        response: { 200: displayPairingResponse, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const business = await requireBusiness(request, deps);
      const pairing = await withTenant(deps.database.db, business.id, (tx) =>
        findPairedDisplay(tx, request, business, deps.now()),
      );
      if (!pairing) throw DISPLAY_NOT_PAIRED();
      return { pairing_id: pairing.id, till_id: pairing.tillId };
    },
  );

  app.post(
    '/api/v1/display-pairing/ready',
    {
      config: { access: access.public },
      schema: {
        tags: ['displays'],
        summary: 'A paired display asks its till for the current cart and payment state',
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const business = await requireBusiness(request, deps);
      await withTenant(deps.database.db, business.id, async (tx) => {
        const pairing = await findPairedDisplay(tx, request, business, deps.now());
        if (!pairing) throw DISPLAY_NOT_PAIRED();
        await askTillForState({ businessId: business.id, input: { pairing } }, tx);
      });
      return reply.status(204).send(null);
    },
  );
}
