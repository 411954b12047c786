import { copyText } from './copy-text';
import { toast } from './use-toast';

/** Copies a share link and says so (spec §2/§8 "Link Copied!"); `note` says what the link opens, if anything. */
export async function copyLink(url: string, note?: string): Promise<void> {
  const description = note ? `${note} ${url}` : url;
  try {
    await copyText(url);
    toast({ title: 'Link Copied!', description });
  } catch {
    toast({ variant: 'destructive', title: 'Could not copy the link', description });
  }
}
