import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { browserStorage, readStorage, STORAGE_KEYS, writeStorage } from '#web/lib/storage-keys.ts';
import { type InterfaceVersion, parseInterfaceVersion } from './preferences.ts';

type InterfaceVersionContextValue = {
  version: InterfaceVersion;
  setVersion: (version: InterfaceVersion) => void;
};

/**
 * Right padding for a bar at the top of a page, leaving room for the interface version switch fixed at the top
 * right of every page (src/web/app/version-switch.tsx) at its widest, "V2 - Dual Screen" (without its icon on a
 * phone).
 */
export const ROOM_FOR_VERSION_SWITCH = 'pr-44 sm:pr-52';

const InterfaceVersionContext = createContext<InterfaceVersionContextValue | null>(null);

export function InterfaceVersionProvider({ children }: { children: ReactNode }) {
  const [version, setVersionState] = useState<InterfaceVersion>(() =>
    parseInterfaceVersion(readStorage(browserStorage('local'), STORAGE_KEYS.interfaceVersion)),
  );

  const setVersion = useCallback((next: InterfaceVersion) => {
    writeStorage(browserStorage('local'), STORAGE_KEYS.interfaceVersion, next);
    setVersionState(next);
  }, []);

  const value = useMemo(() => ({ version, setVersion }), [version, setVersion]);
  return <InterfaceVersionContext value={value}>{children}</InterfaceVersionContext>;
}

export function useInterfaceVersion(): InterfaceVersionContextValue {
  const value = useContext(InterfaceVersionContext);
  if (!value) throw new Error('useInterfaceVersion must be used inside <InterfaceVersionProvider>');
  return value;
}
