import { describe, expect, it } from 'vitest';
import { checkAudioFile, checkPhotoFile, titleFromFileName } from './audio-file';
import { formatClock, spokenDuration } from './format';
import { buildUploadForm, normaliseLink, type PublishDetails } from './upload-form';

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
    const form = buildUploadForm('share', audio, details, 'session-1');
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
    const form = buildUploadForm('diary', audio, { ...details, title: '' }, null);
    expect(form.has('title')).toBe(false);
    expect(form.get('isPrivate')).toBe('true');
    expect(form.get('isDiary')).toBe('true');
    expect(form.get('category')).toBe('Personal');
    expect(form.has('affiliateLink')).toBe(false);
    expect(form.has('sessionId')).toBe(false);
  });

  it('says how many segments were merged, and their total', () => {
    const form = buildUploadForm(
      'share',
      { ...audio, segmentCount: 3, fileName: 'recording.wav' },
      details,
      null,
    );
    expect(form.get('segment_count')).toBe('3');
    expect(form.get('total_duration')).toBe('12.3');
  });

  it('keeps links that already have a scheme', () => {
    expect(normaliseLink(' http://a.b ')).toBe('http://a.b');
    expect(normaliseLink('')).toBe('');
  });
});

describe('checkAudioFile and titleFromFileName (spec §5 uploaded audio file)', () => {
  it('accepts audio up to 100 MB and explains anything else', () => {
    expect(checkAudioFile({ type: 'audio/mpeg', size: 100 * 1024 * 1024 })).toBeNull();
    expect(checkAudioFile({ type: 'text/plain', size: 10 })).toEqual({
      title: 'Invalid File Type',
      description: 'Please select an audio file',
    });
    expect(checkAudioFile({ type: '', size: 10 })?.title).toBe('Invalid File Type');
    expect(checkAudioFile({ type: 'audio/wav', size: 100 * 1024 * 1024 + 1 })).toEqual({
      title: 'File Too Large',
      description: 'Please select an audio file smaller than 100MB',
    });
    expect(checkPhotoFile({ type: 'image/png', size: 5 })).toBeNull();
    expect(checkPhotoFile({ type: 'audio/wav', size: 5 })?.title).toBe('Invalid File Type');
  });

  it('titles the upload after the file', () => {
    expect(titleFromFileName('Garden walk.wav')).toBe('Garden walk');
    expect(titleFromFileName('my.talk.final.m4a')).toBe('my.talk.final');
    expect(titleFromFileName('.wav')).toBe('Uploaded Audio');
    expect(titleFromFileName('noextension')).toBe('noextension');
  });
});

describe('formatClock', () => {
  it('shows mm:ss, and hours when there are any', () => {
    expect(formatClock(0)).toBe('00:00');
    expect(formatClock(65.9)).toBe('01:05');
    expect(formatClock(3723)).toBe('1:02:03');
    expect(formatClock(Number.NaN)).toBe('00:00');
    expect(spokenDuration(61)).toBe('1 minute 1 second');
    expect(spokenDuration(0)).toBe('0 seconds');
  });
});
