import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Avatar } from './avatar';

afterEach(cleanup);

const FRAMING = { x: 0, y: 75, zoom: 1.5 };

function pictureStyle(sizeClass: string) {
  const { container } = render(
    <Avatar src="/media/images/maya.webp" name="Maya Okafor" framing={FRAMING} className={sizeClass} />,
  );
  return container.querySelector('img')!.style;
}

describe('a framed avatar picture', () => {
  it('is framed in relative units only, so the 40 px and the 128 px avatar show the same part', () => {
    const small = pictureStyle('size-10');
    const large = pictureStyle('size-32');
    for (const style of [small, large]) {
      expect(style.objectPosition).toBe('0% 75%');
      expect(style.transformOrigin).toBe('0% 75%');
      expect(style.transform).toBe('scale(1.5)');
      expect(style.cssText).not.toMatch(/px|translate/);
    }
    expect(small.cssText).toBe(large.cssText);
  });

  it('is never moved, only enlarged about a point inside the circle, so the circle stays covered', () => {
    const style = pictureStyle('size-10');
    const [originX, originY] = style.transformOrigin.split(' ').map(parseFloat);
    for (const percent of [originX!, originY!]) {
      expect(percent).toBeGreaterThanOrEqual(0);
      expect(percent).toBeLessThanOrEqual(100);
    }
    expect(parseFloat(style.transform.replace('scale(', ''))).toBeGreaterThanOrEqual(1);
  });

  it('shows initials when there is no picture', () => {
    const { container } = render(<Avatar src={null} name="Maya Okafor" framing={FRAMING} />);
    expect(container.textContent).toBe('MO');
    expect(container.querySelector('img')).toBeNull();
  });
});
