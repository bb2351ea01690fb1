import {
  type ReactNode,
  type RefObject,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { createPortal } from 'react-dom';
import { ToastList } from './ToastList';

export type ToastTone = 'success' | 'danger' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
}

interface ToastContextValue {
  notify: (tone: ToastTone, message: string) => void;
  /** An open modal dialog makes the rest of the page inert: toasts must then live inside it. */
  setHost: (host: HTMLElement, active: boolean) => void;
}

const ToastContext = createContext<ToastContextValue | null>(null);

let nextId = 1;

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const [hosts, setHosts] = useState<HTMLElement[]>([]);
  const dismiss = useCallback((id: number) => {
    setToasts((current) => current.filter((toast) => toast.id !== id));
  }, []);
  const notify = useCallback((tone: ToastTone, message: string) => {
    const id = nextId++;
    // A success supersedes what came before (the failed tries that led to it); the same message twice
    // in a row (a double click) shows once.
    setToasts((current) => [
      ...(tone === 'success' ? [] : current.filter((toast) => toast.message !== message)),
      { id, tone, message },
    ]);
  }, []);
  const setHost = useCallback((host: HTMLElement, active: boolean) => {
    setHosts((current) => [...current.filter((element) => element !== host), ...(active ? [host] : [])]);
  }, []);
  const value = useMemo(() => ({ notify, setHost }), [notify, setHost]);
  const host = hosts[hosts.length - 1] ?? document.body;
  return (
    <ToastContext.Provider value={value}>
      {children}
      {createPortal(<ToastList toasts={toasts} onDismiss={dismiss} />, host)}
    </ToastContext.Provider>
  );
}

function useToastContext(): ToastContextValue {
  const value = useContext(ToastContext);
  if (!value) throw new Error('Toasts must be used inside <ToastProvider>');
  return value;
}

export function useToasts(): Pick<ToastContextValue, 'notify'> {
  const { notify } = useToastContext();
  return useMemo(() => ({ notify }), [notify]);
}

/** Shows toasts inside the given element while `active` (an open modal dialog). */
export function useToastHost(ref: RefObject<HTMLElement | null>, active: boolean): void {
  const { setHost } = useToastContext();
  useEffect(() => {
    const element = ref.current;
    if (!element || !active) return;
    setHost(element, true);
    return () => setHost(element, false);
  }, [ref, active, setHost]);
}
