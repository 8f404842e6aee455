/** A numbered row of steps (the landing's three steps, the demo's How It Works). */
export function NumberedSteps({ steps }: { steps: { title: string; text: string }[] }) {
  return (
    <ol className="mt-12 grid grid-cols-1 gap-10 md:grid-cols-3">
      {steps.map((step, i) => (
        <li key={step.title} className="min-w-0 border-t border-ink pt-6">
          <p className="font-display text-4xl text-gold" aria-hidden>
            0{i + 1}
          </p>
          <h3 className="mt-4 text-xs font-medium uppercase tracking-[0.2em]">{step.title}</h3>
          <p className="mt-3 text-stone">{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
