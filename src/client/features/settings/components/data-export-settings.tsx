import { Download } from 'lucide-react';
import { Button } from '@client/components/ui/button';
import { routeUrl } from '@client/lib/api-client';
import { SettingsSection } from './settings-section';

/** The data export: a plain download the browser saves as it arrives, however long the archive. */
export function DataExportSettings() {
  return (
    <SettingsSection
      id="your-data"
      title="Your data"
      description="Download a copy of everything you have made here, to keep or to take elsewhere."
    >
      <p className="text-sm text-pretty">
        One ZIP archive with your profile, your posts and drafts, the comments you left and the messages you
        sent in conversations, each with its original recording, and your photos and voice bio. An index
        (index.json) lists every item with its details. With many recordings it may take a while to download.
      </p>
      <Button asChild variant="outline">
        <a href={routeUrl('exportAccountData')} download>
          <Download aria-hidden="true" />
          Download my data
        </a>
      </Button>
    </SettingsSection>
  );
}
