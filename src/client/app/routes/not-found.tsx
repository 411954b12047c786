import { CircleExclamationPoint } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '@client/components/ui/button';
import { Card } from '@client/components/ui/card';
import { useDocumentTitle } from '@client/lib/use-document-title';

export function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <div className="flex min-h-[60dvh] items-center justify-center py-12">
      <Card className="w-full max-w-md p-8 text-center">
        <span
          aria-hidden="true"
          className="mx-auto grid size-14 place-items-center rounded-2xl bg-destructive/10 text-destructive"
        >
          <CircleExclamationPoint className="size-7" />
        </span>
        <h1 className="mt-5 text-2xl font-bold tracking-tight">404 Page Not Found</h1>
        <p className="mt-2 text-muted-foreground">Did you forget to add the page to the router?</p>
        <Button asChild variant="outline" className="mt-6">
          <Link href="/">Back to start</Link>
        </Button>
      </Card>
    </div>
  );
}
