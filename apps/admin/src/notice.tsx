import { createContext, type ReactNode, useCallback, useContext, useRef, useState } from "react";

type Notice = { id: number; kind: "success" | "error"; title: string; detail?: string };
type Notify = (kind: Notice["kind"], title: string, detail?: string) => void;

const NoticeContext = createContext<Notify>(() => {});

/** Success and error messages of the portal, announced to screen readers, gone after 6 s. */
export function NoticeProvider({ children }: { children: ReactNode }) {
  const [notices, setNotices] = useState<Notice[]>([]);
  const nextId = useRef(0);
  const notify = useCallback<Notify>((kind, title, detail) => {
    nextId.current += 1;
    const id = nextId.current;
    setNotices((list) => [...list.slice(-2), { id, kind, title, detail }]);
    setTimeout(() => setNotices((list) => list.filter((n) => n.id !== id)), 6000);
  }, []);
  return (
    <NoticeContext.Provider value={notify}>
      {children}
      <div aria-live="polite" className="fixed inset-x-4 bottom-4 z-50 mx-auto flex max-w-sm flex-col gap-2">
        {notices.map((n) => (
          <div
            key={n.id}
            role={n.kind === "error" ? "alert" : "status"}
            className={`border px-4 py-3 text-sm shadow-sm ${n.kind === "error" ? "border-danger bg-white text-danger" : "border-ink bg-ink text-ivory"}`}
          >
            <p className="font-medium">{n.title}</p>
            {n.detail && <p className="mt-1 opacity-80">{n.detail}</p>}
          </div>
        ))}
      </div>
    </NoticeContext.Provider>
  );
}

export const useNotify = () => useContext(NoticeContext);
