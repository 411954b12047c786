import { queryAllByLabelText, queryAllByRole, queryAllByText } from '@testing-library/dom';
import type { Query, SerializedText } from '../query';

/**
 * Bundled for the browser (see ../query.ts) and installed in the page as `window.__engineQueries`: finds elements
 * the way a person or a screen reader does, by role and accessible name or by visible text, with Testing
 * Library's ARIA rules, so every engine answers the same query the same way.
 */

function matcher(text: SerializedText | undefined): ((value: string) => boolean) | undefined {
  if (text === undefined) return undefined;
  if (typeof text === 'string') return (value) => value === text;
  const pattern = new RegExp(text.regexp, text.flags);
  return (value) => pattern.test(value);
}

function isVisible(element: Element): boolean {
  return element.getClientRects().length > 0 && getComputedStyle(element).visibility !== 'hidden';
}

function findAll(query: Query): HTMLElement[] {
  const scope = query.within ? findAll(query.within)[0] : document.body;
  if (!scope) return [];
  if ('role' in query) {
    const name = matcher(query.name);
    return queryAllByRole(scope, query.role, name ? { name: (value) => name(value) } : {});
  }
  if ('text' in query) {
    const text = matcher(query.text)!;
    // Testing Library's own rule: an element's own text, not its descendants'.
    return queryAllByText(scope, (content) => text(content)).filter(isVisible);
  }
  if ('label' in query) {
    const label = matcher(query.label)!;
    return queryAllByLabelText(scope, (content) => label(content)).filter(isVisible);
  }
  return [...scope.querySelectorAll<HTMLElement>(query.css)];
}

/** For a failure message: the accessible names of the elements with the query's role where it looks. */
function namesOfRole(query: Query): string[] {
  if (!('role' in query)) return [];
  const scope = query.within ? findAll(query.within)[0] : document.body;
  if (!scope) return [`(no ${JSON.stringify(query.within)})`];
  return queryAllByRole(scope, query.role).map(
    (element) => element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 80) ?? '',
  );
}

window.__engineQueries = {
  find: (query) => findAll(query)[query.nth ?? 0] ?? null,
  count: (query) => findAll(query).length,
  namesOfRole,
};
