import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_PROMPTS } from '@shared/domain/recording-prompts';
import { TopicSuggestions } from './topic-suggestions';

(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const topicButtons = () =>
  within(screen.getByRole('list', { name: 'Topics to record about' })).getAllByRole('button');
const shown = () => topicButtons().map((button) => button.textContent ?? '');
const highlighted = () => topicButtons().findIndex((button) => button.hasAttribute('data-highlighted'));
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('AI Topic Suggestions', () => {
  it('shows 3 prompts from the list, moves the highlight every 2 s and shows a new set every 8 s', () => {
    render(<TopicSuggestions random={() => 0} />);
    const first = shown();
    expect(first).toEqual(RECORDING_PROMPTS.slice(0, 3));
    expect(highlighted()).toBe(0);

    wait(2000);
    expect(highlighted()).toBe(1);
    wait(2000);
    expect(highlighted()).toBe(2);
    wait(2000);
    expect(highlighted()).toBe(0);
    expect(shown()).toEqual(first);

    wait(2000);
    const second = shown();
    expect(second).toHaveLength(3);
    expect(second.every((topic) => (RECORDING_PROMPTS as readonly string[]).includes(topic))).toBe(true);
    expect(second.some((topic) => first.includes(topic))).toBe(false);
    expect(highlighted()).toBe(0);
  });

  it('choosing a topic offers Start Recording to Home with it, and holds the set until Clear', () => {
    render(<TopicSuggestions random={() => 0.5} />);
    const topic = shown()[1]!;
    fireEvent.click(topicButtons()[1]!);
    expect(topicButtons()[1]!.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('link', { name: 'Start Recording' }).getAttribute('href')).toBe(
      `/?topic=${encodeURIComponent(topic)}`,
    );

    wait(16_000);
    expect(shown()[1]).toBe(topic);
    expect(highlighted()).toBe(1);

    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.queryByRole('link', { name: 'Start Recording' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Clear' })).toBeNull();
    expect(topicButtons()[1]!.getAttribute('aria-pressed')).toBe('false');
    // Focus went back to the topic; once it leaves the list, the rotation goes on.
    expect(document.activeElement).toBe(topicButtons()[1]);
    fireEvent.blur(topicButtons()[1]!, { relatedTarget: document.body });
    wait(8000);
    expect(shown()).not.toContain(topic);
  });

  it('stops moving while its pause button is pressed, and goes on when pressed again', () => {
    render(<TopicSuggestions random={() => 0} />);
    const first = shown();
    const pause = screen.getByRole('button', { name: 'Pause topic suggestions' });
    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('true');
    wait(16_000);
    expect(shown()).toEqual(first);
    expect(highlighted()).toBe(0);

    fireEvent.click(pause);
    expect(pause.getAttribute('aria-pressed')).toBe('false');
    wait(2000);
    expect(highlighted()).toBe(1);
  });
});
