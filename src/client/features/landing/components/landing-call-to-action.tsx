import { ArrowRight } from 'lucide-react';
import { DecorativeWaveform } from '@client/components/decorative-waveform';
import { Button } from '@client/components/ui/button';
import { SIGN_IN_URL } from '@client/lib/session';

export function LandingCallToAction() {
  return (
    <section aria-labelledby="landing-cta-heading" className="mx-auto max-w-6xl px-4 sm:px-6">
      <div className="relative overflow-hidden rounded-[2rem] bg-linear-to-br from-primary to-orange-700 px-6 pb-20 pt-14 text-center text-white shadow-lifted sm:px-12 dark:from-orange-600 dark:to-orange-900">
        <DecorativeWaveform className="absolute inset-x-0 bottom-0 h-24 text-white/10" />
        <div className="relative mx-auto max-w-xl">
          <h2 id="landing-cta-heading" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
            Your voice belongs here
          </h2>
          <p className="mt-3 text-lg text-white/85 text-pretty">
            Join the conversation and record your first voice post today.
          </p>
          <Button asChild size="lg" variant="inverse" className="mt-8">
            <a href={SIGN_IN_URL}>
              Get Started
              <ArrowRight aria-hidden="true" />
            </a>
          </Button>
        </div>
      </div>
    </section>
  );
}
