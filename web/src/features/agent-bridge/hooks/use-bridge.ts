import { useEffect, useRef } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { bridgeCore, type KeyEvent } from '../bridge';
import { pathOf, useBridgeStore, type BridgePath } from '../stores/bridge-store';

/** Which path is live, whether the agent is up and the keys present; starts detection on first use. */
export function useBridgeStatus() {
  useEffect(() => {
    void bridgeCore.start();
  }, []);
  return useBridgeStore(
    useShallow((s) => ({
      path: pathOf(s) as BridgePath,
      agentUp: s.agentUp,
      keys: s.keys,
      extension: s.extension,
      detected: s.detected,
      agentVersion: s.agentVersion,
      extensionVersion: s.extensionVersion,
    })),
  );
}

/** Calls `handler` on each USB key insertion and removal while the component is mounted. */
export function useKeyEvents(handler: (e: KeyEvent) => void): void {
  const ref = useRef(handler);
  useEffect(() => {
    ref.current = handler;
  });
  useEffect(() => {
    void bridgeCore.start();
    return bridgeCore.onKeyEvent((e) => ref.current(e));
  }, []);
}
