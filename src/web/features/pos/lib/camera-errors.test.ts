import { describe, expect, it } from 'vitest';
import { CAMERA_ERRORS, canUseCamera, describeCameraError } from './camera-errors.ts';

const named = (name: string, message = '', extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { name, ...extra });

describe('camera error texts (operations §8)', () => {
  it('explains a refused permission', () => {
    expect(describeCameraError(named('NotAllowedError'))).toEqual({
      message: 'Camera permission denied. Please allow camera access and try again.',
      retryWithBasicSettings: false,
    });
  });

  it('explains a missing camera', () => {
    expect(describeCameraError(named('NotFoundError')).message).toBe(
      'No camera found. Please ensure your device has a camera.',
    );
  });

  it('explains an unsupported browser', () => {
    expect(describeCameraError(named('NotSupportedError')).message).toBe(
      'Camera not supported in this browser. Please try a different browser.',
    );
    expect(CAMERA_ERRORS.unsupported).toBe(
      'Camera not supported in this browser. Please try a different browser.',
    );
  });

  it('asks for a retry with basic settings when the constraints cannot be met', () => {
    const problem = describeCameraError(named('OverconstrainedError', '', { constraint: 'width' }));
    expect(problem.retryWithBasicSettings).toBe(true);
    expect(problem.message).toBe(
      'The camera does not support the requested settings (width). Retrying with basic settings…',
    );
  });

  it('prefixes anything else with "Camera error:"', () => {
    expect(describeCameraError(named('NotReadableError', 'Device in use')).message).toBe(
      'Camera error: Device in use',
    );
    expect(describeCameraError('boom').message).toBe('Camera error: boom');
  });

  it('knows when no camera API exists', () => {
    expect(canUseCamera(undefined)).toBe(false);
    expect(canUseCamera({} as Navigator)).toBe(false);
    expect(canUseCamera({ mediaDevices: { getUserMedia: () => undefined } } as unknown as Navigator)).toBe(
      true,
    );
  });
});
