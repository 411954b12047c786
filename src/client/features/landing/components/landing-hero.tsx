import { ArrowDown, Mic } from 'lucide-react';
import { DecorativeWaveform } from '@client/components/decorative-waveform';
import { Button } from '@client/components/ui/button';
import { SIGN_IN_URL } from '@client/lib/session';

export const LANDING_FEATURES_ID = 'features';

export function LandingHero() {
  return (
    <section aria-labelledby="landing-hero-heading" className="relative overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-0 left-1/2 h-[36rem] w-[56rem] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,color-mix(in_oklch,var(--color-primary)_22%,transparent),transparent)]"
      />
      <div className="relative mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_0.9fr] lg:gap-16 lg:pb-24 lg:pt-24">
        <div className="text-center lg:text-left">
          <p className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3.5 py-1.5 text-sm font-medium text-muted-foreground shadow-soft">
            <span aria-hidden="true" className="size-2 rounded-full bg-primary" />
            Voice-first social audio
          </p>
          <h1
            id="landing-hero-heading"
            className="mt-6 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl"
          >
            Say it out loud. <span className="text-primary">Be heard.</span>
          </h1>
          <p className="mx-auto mt-5 max-w-xl text-lg leading-relaxed text-muted-foreground text-pretty lg:mx-0">
            Start recording in seconds and explore voices from people all over the world. Every post, every
            reply, every conversation: spoken, not typed.
          </p>
          <div className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row lg:justify-start">
            <Button asChild size="lg" className="w-full sm:w-auto">
              <a href={SIGN_IN_URL}>
                <Mic aria-hidden="true" />
                Start Recording
              </a>
            </Button>
            <Button asChild size="lg" variant="outline" className="w-full sm:w-auto">
              <a href={`#${LANDING_FEATURES_ID}`}>
                How it works
                <ArrowDown aria-hidden="true" />
              </a>
            </Button>
          </div>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-md lg:max-w-none">
      <div className="relative overflow-hidden rounded-[2rem] bg-linear-to-br from-stone-900 via-stone-900 to-orange-950 p-8 shadow-lifted ring-1 ring-white/10 sm:p-10">
        <div className="absolute -right-16 -top-16 size-56 rounded-full bg-primary/40 blur-3xl" />
        <div className="absolute -bottom-20 -left-10 size-56 rounded-full bg-highlight/25 blur-3xl" />
        <div className="relative flex flex-col items-center">
          <div className="relative grid size-28 place-items-center">
            <span className="absolute inset-0 animate-ping-slow rounded-full bg-primary/40 motion-reduce:animate-none" />
            <span className="absolute inset-3 rounded-full bg-primary/25" />
            <span className="relative grid size-20 place-items-center rounded-full bg-linear-to-br from-primary to-highlight text-white shadow-lifted">
              <Mic className="size-9" />
            </span>
          </div>
          <DecorativeWaveform animated className="mt-8 h-24 w-full text-orange-200/90" />
          <div className="mt-6 flex w-full items-center justify-between text-xs font-medium tracking-wide text-orange-100/60 uppercase">
            <span>Recording</span>
            <span className="inline-flex items-center gap-1.5">
              <span className="size-1.5 rounded-full bg-red-500" />
              Live
            </span>
          </div>
        </div>
      </div>
    </div>
  );
}
