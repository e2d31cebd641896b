import { isApiError } from './api-client.ts';

/**
 * What to tell a person whose action failed. The server words a missing permission for pages ("…to access
 * this page."), which reads oddly after pressing a button; a 403 on an action is told as the action refused:
 * `actionErrorMessage(error, 'add products')` → "You don't have permission to add products."
 */
export function actionErrorMessage(
  error: unknown,
  action: string,
  fallback = 'Unknown error occurred',
): string {
  if (isApiError(error) && error.status === 403 && error.code === 'FORBIDDEN')
    return `You don't have permission to ${action}.`;
  return (error instanceof Error && error.message) || fallback;
}
