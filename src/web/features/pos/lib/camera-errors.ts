// operations §8 Barcode camera errors: what the scanner dialog says for each way the camera can fail.

export const CAMERA_ERRORS = {
  permissionDenied: 'Camera permission denied. Please allow camera access and try again.',
  noCamera: 'No camera found. Please ensure your device has a camera.',
  unsupported: 'Camera not supported in this browser. Please try a different browser.',
} as const;

/** operations §8: on unsupported constraints the message shows, then the camera is retried after 2 s. */
export const CONSTRAINT_RETRY_MS = 2000;

export type CameraProblem = { message: string; retryWithBasicSettings: boolean };

function errorName(error: unknown): string {
  if (typeof error === 'object' && error !== null && 'name' in error) return String(error.name);
  return '';
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && error.message) {
    return String(error.message);
  }
  return String(error);
}

export function describeCameraError(error: unknown): CameraProblem {
  switch (errorName(error)) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return { message: CAMERA_ERRORS.permissionDenied, retryWithBasicSettings: false };
    case 'NotFoundError':
    case 'DevicesNotFoundError':
      return { message: CAMERA_ERRORS.noCamera, retryWithBasicSettings: false };
    case 'NotSupportedError':
    case 'TypeError':
      return { message: CAMERA_ERRORS.unsupported, retryWithBasicSettings: false };
    case 'OverconstrainedError':
    case 'ConstraintNotSatisfiedError': {
      const constraint =
        typeof error === 'object' && error !== null && 'constraint' in error && error.constraint
          ? ` (${String(error.constraint)})`
          : '';
      return {
        message: `The camera does not support the requested settings${constraint}. Retrying with basic settings…`,
        retryWithBasicSettings: true,
      };
    }
    default:
      return { message: `Camera error: ${errorMessage(error)}`, retryWithBasicSettings: false };
  }
}

/** Whether this browser can open a camera at all (no mediaDevices on plain HTTP or old browsers). */
export function canUseCamera(nav: Navigator | undefined): boolean {
  return typeof nav?.mediaDevices?.getUserMedia === 'function';
}
