import { CameraIcon, KeyboardIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { DialogDescription, DialogHeader, DialogTitle } from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#web/components/ui/tabs.tsx';
import { MIN_CODE_LENGTH, POST_SCAN_DELAY_MS } from '../lib/scan-acceptance.ts';
import { CameraScanner } from './camera-scanner.tsx';

/**
 * The scan dialog's body (operations §4 Barcode scanner: camera or manual entry). Loaded only when the dialog
 * opens, so the till's first load carries none of the camera code or the barcode reader.
 */
export default function ScannerPanel({ onCode }: { onCode: (code: string) => void }) {
  const [mode, setMode] = useState<'camera' | 'manual'>('camera');
  const [found, setFound] = useState<string | null>(null);
  const report = useRef(onCode);
  report.current = onCode;

  // operations §4: after a code is detected, 1.5 s pass before the lookup and the dialog closes.
  useEffect(() => {
    if (found === null) return;
    const timer = setTimeout(() => report.current(found), POST_SCAN_DELAY_MS);
    return () => clearTimeout(timer);
  }, [found]);

  return (
    <div className="grid gap-4">
      <DialogHeader>
        <DialogTitle>Scan barcode</DialogTitle>
        <DialogDescription>Use the camera, or type the code printed under the bars.</DialogDescription>
      </DialogHeader>
      <Tabs value={mode} onValueChange={(value) => setMode(value === 'manual' ? 'manual' : 'camera')}>
        <TabsList className="grid w-full grid-cols-2">
          <TabsTrigger value="camera">
            <CameraIcon className="size-4" aria-hidden="true" />
            Camera
          </TabsTrigger>
          <TabsTrigger value="manual">
            <KeyboardIcon className="size-4" aria-hidden="true" />
            Manual entry
          </TabsTrigger>
        </TabsList>
        <TabsContent value="camera" className="pt-3">
          {mode === 'camera' && <CameraScanner onDetected={setFound} />}
        </TabsContent>
        <TabsContent value="manual" className="pt-3">
          <ManualEntry onCode={onCode} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function ManualEntry({ onCode }: { onCode: (code: string) => void }) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      className="grid gap-2"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const text = code.trim();
        if (text.length < MIN_CODE_LENGTH) {
          setError(`A barcode has at least ${MIN_CODE_LENGTH} characters.`);
          return;
        }
        onCode(text);
      }}
    >
      <Label htmlFor="manual-code">Barcode or SKU</Label>
      <div className="flex gap-2">
        <Input
          id="manual-code"
          autoFocus
          autoComplete="off"
          inputMode="text"
          value={code}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'manual-code-error' : undefined}
          onChange={(event) => {
            setCode(event.target.value);
            setError(null);
          }}
        />
        <Button type="submit">Add</Button>
      </div>
      {error && (
        <p id="manual-code-error" className="font-medium text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}
