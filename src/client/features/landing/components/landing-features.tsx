import { AudioLines, Earth, MessageCircleMore } from 'lucide-react';
import { Card, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';
import { LANDING_FEATURES_ID } from './landing-hero';

const FEATURES = [
  {
    icon: AudioLines,
    title: 'Pure audio experience',
    text: 'No captions to skim and no walls of text. Every post is a voice, shared exactly as it was spoken.',
  },
  {
    icon: MessageCircleMore,
    title: 'Voice comments only',
    text: 'Replies are recorded too, so every conversation keeps its warmth, its tone and its nuance.',
  },
  {
    icon: Earth,
    title: 'Global community',
    text: 'Discover storytellers, thinkers and friends from every corner of the world, and follow the voices you love.',
  },
] as const;

export function LandingFeatures() {
  return (
    <section
      id={LANDING_FEATURES_ID}
      aria-labelledby="landing-features-heading"
      className="mx-auto max-w-6xl scroll-mt-20 px-4 py-16 sm:px-6"
    >
      <div className="mx-auto max-w-2xl text-center">
        <h2
          id="landing-features-heading"
          className="text-3xl font-bold tracking-tight text-balance sm:text-4xl"
        >
          Made for the spoken word
        </h2>
        <p className="mt-3 text-lg text-muted-foreground text-pretty">
          A social space where you listen first, and answer in your own voice.
        </p>
      </div>
      <ul className="mt-12 grid gap-5 md:grid-cols-3">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="h-full transition-shadow hover:shadow-lifted">
              <CardHeader className="gap-3 p-7">
                <span
                  aria-hidden="true"
                  className="mb-2 grid size-12 place-items-center rounded-2xl bg-accent text-accent-foreground"
                >
                  <Icon className="size-6" />
                </span>
                <CardTitle>{title}</CardTitle>
                <CardDescription className="text-base">{text}</CardDescription>
              </CardHeader>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
