import { CameraOffIcon, CheckCircle2Icon, Loader2Icon, RefreshCwIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import {
  CAMERA_ERRORS,
  CONSTRAINT_RETRY_MS,
  canUseCamera,
  describeCameraError,
} from '../lib/camera-errors.ts';
import { acceptScan, NO_SCANS, SCAN_INTERVAL_MS } from '../lib/scan-acceptance.ts';
import { createDetector } from './barcode-detector.ts';

// operations §4 Barcode scanner states; §9 camera ideal resolution 1280×720, 5 scans a second.
export type CameraState =
  | { kind: 'initializing' }
  | { kind: 'scanning' }
  | { kind: 'found'; code: string }
  | { kind: 'error'; message: string };

const IDEAL_VIDEO: MediaTrackConstraints = {
  facingMode: 'environment',
  width: { ideal: 1280 },
  height: { ideal: 720 },
};

/** The camera view; reports each accepted code (operations §5 acceptance rules) once. */
export function CameraScanner({ onDetected }: { onDetected: (code: string) => void }) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [state, setState] = useState<CameraState>({ kind: 'initializing' });
  const [attempt, setAttempt] = useState(0);
  const detected = useRef(onDetected);
  detected.current = onDetected;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new attempt (Try again) reopens the camera
  useEffect(() => {
    let isCancelled = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setInterval> | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let history = NO_SCANS;

    async function open(video: MediaTrackConstraints | true) {
      setState({ kind: 'initializing' });
      if (!canUseCamera(globalThis.navigator)) {
        setState({ kind: 'error', message: CAMERA_ERRORS.unsupported });
        return;
      }
      try {
        const [detector, media] = await Promise.all([
          createDetector(),
          navigator.mediaDevices.getUserMedia({ video, audio: false }),
        ]);
        stream = media;
        const element = videoRef.current;
        if (isCancelled || !element) return;
        element.srcObject = media;
        await element.play();
        if (isCancelled) return;
        setState({ kind: 'scanning' });
        let isBusy = false;
        timer = setInterval(async () => {
          if (isBusy || element.readyState < 2) return;
          isBusy = true;
          try {
            const codes = await detector.detect(element);
            for (const { rawValue } of codes) {
              const result = acceptScan(history, rawValue, performance.now());
              history = result.history;
              if (result.accepted && !isCancelled) {
                clearInterval(timer);
                setState({ kind: 'found', code: rawValue.trim() });
                detected.current(rawValue.trim());
                return;
              }
            }
          } catch {
            // A frame the reader could not take (the video resizing, say): the next one will do.
          } finally {
            isBusy = false;
          }
        }, SCAN_INTERVAL_MS);
      } catch (error) {
        if (isCancelled) return;
        const problem = describeCameraError(error);
        setState({ kind: 'error', message: problem.message });
        // operations §8: constraints the camera cannot meet → the message, then a retry after 2 s.
        if (problem.retryWithBasicSettings && video !== true) {
          retry = setTimeout(() => void open(true), CONSTRAINT_RETRY_MS);
        }
      }
    }

    void open(IDEAL_VIDEO);
    return () => {
      isCancelled = true;
      clearInterval(timer);
      clearTimeout(retry);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [attempt]);

  const tryAgain = useCallback(() => setAttempt((n) => n + 1), []);

  return (
    <div className="grid gap-3">
      <div className="relative aspect-video overflow-hidden rounded-lg bg-black">
        <video ref={videoRef} muted playsInline className="size-full object-cover" aria-label="Camera view" />
        {state.kind === 'scanning' && (
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-[12%] top-1/2 h-0.5 -translate-y-1/2 bg-red-500 shadow-[0_0_8px_2px] shadow-red-500/60"
          />
        )}
      </div>
      <div
        aria-live="polite"
        className="min-h-10 text-center text-sm"
        data-testid="scanner-state"
        data-state={state.kind}
      >
        {state.kind === 'initializing' && (
          <p className="flex items-center justify-center gap-2 text-muted-foreground">
            <Loader2Icon className="size-4 animate-spin" aria-hidden="true" />
            Starting camera…
          </p>
        )}
        {state.kind === 'scanning' && <p className="text-muted-foreground">Point the camera at a barcode.</p>}
        {state.kind === 'found' && (
          <p className="flex items-center justify-center gap-2 font-medium text-emerald-700 dark:text-emerald-400">
            <CheckCircle2Icon className="size-4" aria-hidden="true" />
            Found {state.code}
          </p>
        )}
        {state.kind === 'error' && (
          <div role="alert" className="grid justify-items-center gap-2">
            <p className="flex items-center gap-2 font-medium text-destructive">
              <CameraOffIcon className="size-4" aria-hidden="true" />
              {state.message}
            </p>
            <Button variant="outline" size="sm" onClick={tryAgain}>
              <RefreshCwIcon aria-hidden="true" />
              Try again
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}
