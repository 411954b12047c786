/** The keys the flows press. */
export type KeyName = 'ArrowLeft' | 'ArrowRight' | 'Home' | 'End' | ' ' | 'Enter';

/** The three engines of the tier, each from Debian's packages. */
export type EngineName = 'chromium' | 'firefox' | 'webkit';

/**
 * The engine did not click: the element was out of view or under another when it tried (the page was still
 * settling). Nothing happened, so the click may be tried again.
 */
export class ClickRefused extends Error {
  override readonly name = 'ClickRefused';
}

/** An element in the page, acted on the way a person would: the engine's own trusted input. */
export interface ElementHandle {
  /** Throws `ClickRefused` when the engine would not click it. */
  click(): Promise<void>;
  /** Replaces the field's text by typing `text`. */
  fill(text: string): Promise<void>;
  /** Chooses `file` in an `<input type="file">`, as the file picker would. */
  setFile(file: string): Promise<void>;
}

/**
 * One engine's adapter: the few things each protocol does its own way. Everything else (finding elements by
 * their accessible names, waiting) is written once on top of it, in `EnginePage`.
 */
export interface EngineDriver {
  readonly engine: EngineName;
  /** Runs `functionSource` (a function expression) in the page with JSON `args`; answers its awaited JSON result. */
  evaluate(functionSource: string, args: unknown[]): Promise<unknown>;
  /** Runs `functionSource`, which answers an element or null; answers a handle to it. */
  element(functionSource: string, args: unknown[]): Promise<ElementHandle | null>;
  /** Loads `url` in the window, and leaves any frame entered. */
  navigate(url: string): Promise<void>;
  /**
   * From now on `evaluate` and `element` run in the document of the iframe `css` finds (another site's too), as
   * a person's clicks reach into it; until `leaveFrame`.
   */
  enterFrame(css: string): Promise<void>;
  leaveFrame(): Promise<void>;
  /** Presses and releases `key` (a KeyboardEvent key: 'ArrowLeft', ' ', 'End'…) where the focus is, as a keyboard does. */
  press(key: KeyName): Promise<void>;
  /** The size of the page's viewport in CSS pixels (or the engine's nearest: WebKitGTK has a minimum window). */
  setViewport(width: number, height: number): Promise<void>;
  /** A PNG of the viewport. */
  screenshot(): Promise<Buffer>;
  cookie(name: string): Promise<string | undefined>;
  close(): Promise<void>;
}
