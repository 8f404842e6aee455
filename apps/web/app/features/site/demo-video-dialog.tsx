import { formatPercent } from "@releve/i18n";
import { currentLocale } from "@releve/i18n/current";
import { m } from "@releve/i18n/messages";
import { Button, buttonClass } from "@releve/ui";
import { useEffect, useRef, useState } from "react";

type Scene = { until: number; title: string; text: string };

/** Spec part 2 §9: the demo video advances 1% every 100 ms. */
const PROGRESS_STEP_MS = 100;

// Said when the dialog renders, so in its reader's language.
const scenes = (): [Scene, ...Scene[]] => [
  { until: 34, title: m.site_video_scene_notice_title(), text: m.site_video_scene_notice_text() },
  { until: 67, title: m.site_video_scene_phone_title(), text: m.site_video_scene_phone_text() },
  { until: 101, title: m.site_video_scene_card_title(), text: m.site_video_scene_card_text() },
];

/**
 * 'See It in Action': a full-screen simulated video in a native modal <dialog> (focus moves
 * in, Escape closes, the page behind is inert), returning focus to the button that opened it.
 */
export function DemoVideoDialog() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [playing, setPlaying] = useState(true);
  const [progress, setProgress] = useState(0);

  useEffect(() => {
    if (!open || !playing || progress >= 100) return;
    const timer = setTimeout(() => setProgress((p) => Math.min(100, p + 1)), PROGRESS_STEP_MS);
    return () => clearTimeout(timer);
  }, [open, playing, progress]);

  const show = () => {
    setProgress(0);
    setPlaying(true);
    setOpen(true);
    dialogRef.current?.showModal();
  };
  const close = () => dialogRef.current?.close();
  const all = scenes();
  const scene = all.find((s) => progress < s.until) ?? all[0];
  const done = progress >= 100;

  return (
    <>
      <button ref={openerRef} type="button" onClick={show} className={buttonClass("primary")}>
        {m.site_video_open()}
      </button>
      <dialog
        ref={dialogRef}
        aria-labelledby="demo-video-title"
        onClose={() => {
          setOpen(false);
          openerRef.current?.focus();
        }}
        className="m-0 h-dvh max-h-none w-screen max-w-none bg-ink p-0 text-ivory backdrop:bg-ink/80"
      >
        <div className="mx-auto flex h-full max-w-3xl flex-col px-5 py-6 sm:py-10">
          <div className="flex items-center justify-between gap-4">
            <h2 id="demo-video-title" className="text-xs uppercase tracking-[0.3em] text-[#c9a877]">
              {m.site_video_title()}
            </h2>
            <Button variant="ghost" onClick={close} className="text-ivory" autoFocus>
              {m.site_video_close()}
            </Button>
          </div>
          <div className="flex flex-1 flex-col items-center justify-center text-center" aria-live="polite">
            <div aria-hidden className="relative grid size-40 place-items-center sm:size-56">
              {[0, 1, 2].map((ring) => (
                <span
                  key={ring}
                  className="absolute inset-0 rounded-full border border-[#c9a877]/60 motion-safe:animate-ping"
                  style={{ animationDelay: `${ring * 0.6}s`, animationDuration: "2.4s" }}
                />
              ))}
              <span className="font-display text-2xl tracking-[0.3em]">RELEVÉ</span>
            </div>
            <p className="mt-12 font-display text-3xl sm:text-4xl">{done ? m.site_video_done_title() : scene.title}</p>
            <p className="mt-4 max-w-md text-ivory/75">{done ? m.site_video_done_text() : scene.text}</p>
          </div>
          <div className="flex items-center gap-4">
            <Button
              variant="secondary"
              className="border-ivory text-ivory hover:bg-ivory hover:text-ink"
              onClick={() => (done ? setProgress(0) : setPlaying((p) => !p))}
            >
              {done ? m.site_video_replay() : playing ? m.site_video_pause() : m.site_video_play()}
            </Button>
            <div
              role="progressbar"
              aria-label={m.site_video_progress()}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress}
              className="h-1 flex-1 bg-ivory/20"
            >
              <div className="h-full bg-[#c9a877]" style={{ width: `${progress}%` }} />
            </div>
            <span className="w-12 text-right text-sm tabular-nums">
              {formatPercent(currentLocale(), progress / 100)}
            </span>
          </div>
        </div>
      </dialog>
    </>
  );
}
