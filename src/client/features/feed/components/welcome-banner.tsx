import { DecorativeWaveform } from '@client/components/decorative-waveform';
import { PRODUCT_TAGLINE } from '@shared/domain/product';

function greetingFor(hour: number): string {
  if (hour < 5) return 'Good evening';
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}

/** The home screen's header: greets the person by name under the product tagline. */
export function WelcomeBanner({ name }: { name: string }) {
  return (
    <section
      aria-labelledby="welcome-heading"
      className="relative overflow-hidden rounded-[2rem] bg-linear-to-br from-stone-900 via-stone-900 to-orange-950 p-7 text-white shadow-lifted ring-1 ring-black/5 sm:p-10 dark:ring-white/10"
    >
      <div
        aria-hidden="true"
        className="absolute -right-20 -top-24 size-72 rounded-full bg-primary/45 blur-3xl"
      />
      <div
        aria-hidden="true"
        className="absolute -bottom-28 left-1/3 size-64 rounded-full bg-highlight/20 blur-3xl"
      />
      <DecorativeWaveform className="absolute right-10 top-1/2 hidden h-28 w-[32%] -translate-y-1/2 text-orange-200/25 md:flex" />
      <div className="relative max-w-xl md:max-w-[58%]">
        <p className="text-sm font-semibold tracking-wide text-orange-200/90 uppercase">{PRODUCT_TAGLINE}</p>
        <h1 id="welcome-heading" className="mt-3 text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {greetingFor(new Date().getHours())}, {name}
        </h1>
        <p className="mt-3 text-base text-white/75 text-pretty sm:text-lg">
          What is on your mind today? Say it out loud, or tune in to the voices around you.
        </p>
      </div>
    </section>
  );
}
