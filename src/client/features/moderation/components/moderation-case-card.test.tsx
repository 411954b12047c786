import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { ModerationCase } from '@shared/contract/moderation';
import { ModerationCaseCard } from './moderation-case-card';

afterEach(cleanup);

const reported: ModerationCase = {
  id: 'case-1',
  targetKind: 'post',
  targetId: 'p1',
  reportCount: 2,
  reasons: [
    { reason: 'spam', count: 1 },
    { reason: 'other', count: 1 },
  ],
  notes: ['Same clip three times today.'],
  servers: [{ host: 'mastodon.example', note: 'Posting the same clip under every thread.' }],
  lastReportedAt: new Date().toISOString(),
  content: null,
};

describe('ModerationCaseCard', () => {
  it('names the other server that reported it, with its note, apart from our people’s unsigned notes', () => {
    render(<ModerationCaseCard report={reported} player={null} pending={false} onAct={() => undefined} />);
    const servers = screen.getByRole('list', { name: 'Reports from other servers' });
    expect(within(servers).getByRole('listitem').textContent).toBe(
      'Reported by mastodon.example (another server)“Posting the same clip under every thread.”',
    );
    const notes = screen.getByRole('list', { name: 'Notes from reporters' });
    expect(
      within(notes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['“Same clip three times today.”']);
  });

  it('shows no server line for a case only our people reported', () => {
    render(
      <ModerationCaseCard
        report={{ ...reported, servers: [] }}
        player={null}
        pending={false}
        onAct={() => undefined}
      />,
    );
    expect(screen.queryByRole('list', { name: 'Reports from other servers' })).toBeNull();
    expect(screen.queryByText(/another server/)).toBeNull();
  });
});
