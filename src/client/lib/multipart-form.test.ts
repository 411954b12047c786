import { describe, expect, it } from 'vitest';
import { toFormData } from './multipart-form';

const audio = { blob: new Blob(['abc'], { type: 'audio/webm' }), name: 'comment.webm' };

describe('toFormData (an upload typed from its contract entry)', () => {
  it('sends the given fields first, leaving out unset ones, then the files under their names', async () => {
    const form = toFormData(
      'createComment',
      { postId: 'p1', duration: '2.5', visitorName: undefined, visitorEmail: 'val@example.com' },
      { audio },
    );
    expect([...form.keys()]).toEqual(['postId', 'duration', 'visitorEmail', 'audio']);
    expect(form.get('postId')).toBe('p1');
    const file = form.get('audio') as File;
    expect(file.name).toBe('comment.webm');
    expect(await file.text()).toBe('abc');
  });

  it('writes numbers as text and leaves out an optional file that is not given', () => {
    const form = toFormData(
      'createPost',
      { title: 'Hello', isDiary: 'false' },
      { photo: undefined, audio: { ...audio, name: 'recording.webm' } },
    );
    expect([...form.keys()]).toEqual(['title', 'isDiary', 'audio']);
    const chunk = toFormData('autosaveChunk', { sessionId: 's1', chunkNumber: 3 }, { audio });
    expect(chunk.get('chunkNumber')).toBe('3');
  });

  it('takes only the fields and files the contract names (checked by the type checker)', () => {
    // @ts-expect-error A field the upload does not have.
    toFormData('createComment', { postId: 'p1', titel: 'x' }, { audio });
    // @ts-expect-error The recording is required.
    toFormData('createComment', { postId: 'p1' }, {});
    // @ts-expect-error Extending a post takes no photo.
    toFormData('extendPost', {}, { audio, photo: audio });
  });
});
