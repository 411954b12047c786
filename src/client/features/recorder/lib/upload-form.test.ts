import { describe, expect, it } from 'vitest';
import { checkAudioFile, checkPhotoFile, titleFromFileName } from './audio-file';
import { detailsFromDraft, levelsFromWaveform } from './edit-draft';
import {
  buildUploadForm,
  normaliseLink,
  PROMOTION_LINK_PROBLEM,
  promotionLinkProblem,
  type PublishDetails,
} from './upload-form';

const details: PublishDetails = {
  title: '  My title ',
  category: '',
  description: '',
  promotionTitle: 'Book',
  promotionLink: 'example.com/book',
  isPrivate: false,
  type: 'episode',
  photo: null,
};
const audio = {
  blob: new Blob(['x'], { type: 'audio/webm' }),
  fileName: 'recording.webm',
  seconds: 12.34,
  segmentCount: 1,
};

describe('buildUploadForm (spec §3 upload fields, §5 publish defaults)', () => {
  it('sends the fields a post needs and leaves blank ones to the server defaults', () => {
    const form = buildUploadForm('share', audio, details, { kind: 'new', sessionId: 'session-1' });
    expect(form.get('title')).toBe('My title');
    expect(form.has('category')).toBe(false);
    expect(form.has('transcription')).toBe(false);
    expect(form.get('duration')).toBe('12.3');
    expect(form.get('isPrivate')).toBe('false');
    expect(form.get('isDiary')).toBe('false');
    expect(form.get('type')).toBe('episode');
    expect(form.get('affiliateLinkTitle')).toBe('Book');
    expect(form.get('affiliateLink')).toBe('https://example.com/book');
    expect(form.get('sessionId')).toBe('session-1');
    expect(form.has('segment_count')).toBe(false);
    expect((form.get('audio') as File).name).toBe('recording.webm');
  });

  it('makes diary entries private, in Personal, without promotion', () => {
    const form = buildUploadForm('diary', audio, { ...details, title: '' }, { kind: 'new', sessionId: null });
    expect(form.has('title')).toBe(false);
    expect(form.get('isPrivate')).toBe('true');
    expect(form.get('isDiary')).toBe('true');
    expect(form.get('category')).toBe('Personal');
    expect(form.has('affiliateLink')).toBe(false);
    expect(form.has('sessionId')).toBe(false);
  });

  it('says how many segments were merged, and their total', () => {
    const form = buildUploadForm('share', { ...audio, segmentCount: 3, fileName: 'recording.wav' }, details, {
      kind: 'new',
      sessionId: null,
    });
    expect(form.get('segment_count')).toBe('3');
    expect(form.get('total_duration')).toBe('12.3');
  });

  it("edits a draft in place: draftId, isDiary, blank fields sent to clear them, its takes' session, no photo", () => {
    const photo = new File(['p'], 'cover.png', { type: 'image/png' });
    const form = buildUploadForm(
      'diary',
      { ...audio, segmentCount: 2, fileName: 'recording.wav' },
      { ...details, title: '  Renamed ', category: 'Ideas', description: '', photo },
      { kind: 'edit', draftId: 'draft-7', sessionId: 'session-9' },
    );
    expect(form.get('draftId')).toBe('draft-7');
    expect(form.get('isDiary')).toBe('true');
    expect(form.get('isPrivate')).toBe('true');
    expect(form.get('title')).toBe('Renamed');
    expect(form.get('category')).toBe('Ideas');
    expect(form.get('transcription')).toBe('');
    expect(form.get('duration')).toBe('12.3');
    expect(form.get('segment_count')).toBe('2');
    expect(form.has('affiliateLink')).toBe(false);
    expect(form.get('sessionId')).toBe('session-9');
    expect(form.has('photo')).toBe(false);
    expect((form.get('audio') as File).name).toBe('recording.wav');
    expect([...form.keys()].at(-1)).toBe('audio');

    const blank = buildUploadForm(
      'diary',
      audio,
      { ...details, title: '', category: '' },
      { kind: 'edit', draftId: 'draft-7', sessionId: null },
    );
    expect(blank.get('title')).toBe('');
    expect(blank.has('sessionId')).toBe(false);
    expect(blank.get('category')).toBe('Personal');
  });

  it('saves only the fields of a draft whose audio did not change', () => {
    const form = buildUploadForm('diary', null, details, {
      kind: 'edit',
      draftId: 'draft-7',
      sessionId: null,
    });
    expect(form.get('draftId')).toBe('draft-7');
    expect(form.get('title')).toBe('My title');
    expect(form.has('audio')).toBe(false);
    expect(form.has('duration')).toBe(false);
    expect(form.has('segment_count')).toBe(false);
  });

  it('publishes a draft from the share recorder: isDiary false, its privacy, type, promotion, category, photo', () => {
    const photo = new File(['p'], 'cover.png', { type: 'image/png' });
    const form = buildUploadForm(
      'share',
      null,
      { ...details, photo },
      { kind: 'edit', draftId: 'draft-7', sessionId: null },
    );
    expect(form.get('isDiary')).toBe('false');
    expect(form.get('isPrivate')).toBe('false');
    expect(form.get('type')).toBe('episode');
    expect(form.get('category')).toBe('General');
    expect(form.get('affiliateLink')).toBe('https://example.com/book');
    expect((form.get('photo') as File).name).toBe('cover.png');
  });

  it('finds a promotion link the server would refuse before anything is sent', () => {
    expect(promotionLinkProblem('')).toBeNull();
    expect(promotionLinkProblem('example.com/book')).toBeNull();
    expect(promotionLinkProblem('not a url')).toBe(PROMOTION_LINK_PROBLEM);
    expect(promotionLinkProblem('ftp://example.com')).toBe(PROMOTION_LINK_PROBLEM);
  });

  it('keeps links that already have a scheme', () => {
    expect(normaliseLink(' http://a.b ')).toBe('http://a.b');
    expect(normaliseLink('')).toBe('');
  });
});

/** A file of this type that says it is `size` bytes long, without holding them. */
const sized = (type: string, size: number) =>
  Object.defineProperty(new Blob([], { type }), 'size', { value: size });

describe('checkAudioFile and titleFromFileName (spec §5 uploaded audio file)', () => {
  it('accepts audio up to 100 MB and explains anything else', async () => {
    const noSound = async () => false;
    expect(await checkAudioFile(sized('audio/mpeg', 100 * 1024 * 1024), noSound)).toBeNull();
    expect(await checkAudioFile(sized('text/plain', 10), noSound)).toEqual({
      title: 'Invalid File Type',
      description: 'Please select an audio file',
    });
    expect((await checkAudioFile(sized('', 10), noSound))?.title).toBe('Invalid File Type');
    expect(await checkAudioFile(sized('audio/wav', 100 * 1024 * 1024 + 1), noSound)).toEqual({
      title: 'File Too Large',
      description: 'Please select an audio file smaller than 100MB',
    });
    expect(checkPhotoFile({ type: 'image/png', size: 5 })).toBeNull();
    expect(checkPhotoFile({ type: 'audio/wav', size: 5 })?.title).toBe('Invalid File Type');
  });

  it('takes a video-typed file only when it holds sound alone (Chromium types WebM video/webm)', async () => {
    const soundOnly = async () => true;
    expect(await checkAudioFile(sized('video/webm', 10), soundOnly)).toBeNull();
    expect((await checkAudioFile(sized('video/webm', 10), async () => false))?.title).toBe(
      'Invalid File Type',
    );
    // Only video is looked into: a picture is never audio.
    expect((await checkAudioFile(sized('image/png', 10), soundOnly))?.title).toBe('Invalid File Type');
  });

  it('titles the upload after the file', () => {
    expect(titleFromFileName('Garden walk.wav')).toBe('Garden walk');
    expect(titleFromFileName('my.talk.final.m4a')).toBe('my.talk.final');
    expect(titleFromFileName('.wav')).toBe('Uploaded Audio');
    expect(titleFromFileName('noextension')).toBe('noextension');
  });
});

describe('editing a draft (spec §3 draft handed to the recorder, §4 editing a draft)', () => {
  const draft = {
    id: 'd1',
    audioBlob: new Blob(['x'], { type: 'audio/mp4' }),
    duration: 2,
    title: ' Tuesday ',
    transcription: 'Notes',
    category: '',
    affiliateLink: '',
    affiliateLinkTitle: '',
    waveform: [0.2, 1, 0.5, 0],
  };

  it('fills the save form from the draft; a draft without category is Personal', () => {
    expect(detailsFromDraft(draft)).toEqual({
      title: 'Tuesday',
      category: 'Personal',
      description: 'Notes',
      promotionTitle: '',
      promotionLink: '',
      isPrivate: true,
      type: 'post',
      photo: null,
    });
    expect(detailsFromDraft({ ...draft, category: 'Ideas' }).category).toBe('Ideas');
  });

  it('stretches the waveform to 20 levels a second so new takes line up after it', () => {
    const levels = levelsFromWaveform(draft.waveform, 2);
    expect(levels).toHaveLength(40);
    expect(levels?.slice(0, 10).every((level) => level === 0.2)).toBe(true);
    expect(levels?.at(-1)).toBe(0);
    expect(levelsFromWaveform([], 2)).toBeNull();
    expect(levelsFromWaveform([0.5], 0)).toBeNull();
  });
});
