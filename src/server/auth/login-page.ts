import { escapeHtml } from '@shared/domain/escape-html';
import { PASSWORD_MIN_LENGTH } from '@shared/domain/limits';
import { PRODUCT_NAME, PRODUCT_TAGLINE } from '@shared/domain/product';

export type LoginPageMode = 'signin' | 'register';

export interface LoginPageState {
  mode: LoginPageMode;
  error?: string | undefined;
  email?: string | undefined;
  firstName?: string | undefined;
  lastName?: string | undefined;
}

const STYLES = `
:root{--bg:#faf7f2;--card:#fff;--text:#1c1917;--muted:#6b635b;--border:#e7e0d6;--accent:#e8590c;--accent-text:#fff;--field:#fff;--error-bg:#fdecea;--error:#b42318;--ring:rgba(232,89,12,.35)}
html.dark{--bg:#14110f;--card:#1f1b18;--text:#f5f0ea;--muted:#a89f95;--border:#342e29;--accent:#ff7a33;--accent-text:#1c1917;--field:#181513;--error-bg:#3a1d19;--error:#ffb4a8;--ring:rgba(255,122,51,.4)}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;padding:24px 16px;background:var(--bg);color:var(--text);font:16px/1.5 ui-sans-serif,system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px}
.brand{display:flex;align-items:center;gap:10px;justify-content:center;margin-bottom:8px;color:var(--text);text-decoration:none;font-weight:700;font-size:1.5rem;letter-spacing:-.02em}
.brand svg{width:36px;height:36px}
.tagline{text-align:center;color:var(--muted);margin:0 0 24px}
.card{background:var(--card);border:1px solid var(--border);border-radius:20px;padding:28px;box-shadow:0 10px 30px rgba(0,0,0,.06)}
h1{font-size:1.35rem;margin:0 0 4px;letter-spacing:-.01em}
.lead{margin:0 0 20px;color:var(--muted);font-size:.95rem}
label{display:block;font-weight:600;font-size:.9rem;margin:14px 0 6px}
.optional{font-weight:400;color:var(--muted)}
input{width:100%;padding:12px 14px;border-radius:12px;border:1px solid var(--border);background:var(--field);color:var(--text);font:inherit}
input:focus{outline:none;border-color:var(--accent);box-shadow:0 0 0 4px var(--ring)}
.row{display:flex;gap:12px}.row>div{flex:1;min-width:0}
.hint{font-size:.8rem;color:var(--muted);margin:6px 0 0}
button{margin-top:22px;width:100%;padding:13px;border:0;border-radius:999px;background:var(--accent);color:var(--accent-text);font:inherit;font-weight:700;cursor:pointer}
button:hover{filter:brightness(1.05)}button:focus-visible,a:focus-visible{outline:3px solid var(--ring);outline-offset:2px}
.error{background:var(--error-bg);color:var(--error);border-radius:12px;padding:10px 14px;margin:0 0 8px;font-size:.9rem}
.switch{text-align:center;margin:20px 0 0;color:var(--muted);font-size:.95rem}
.switch a{color:var(--accent);font-weight:600}
.notice{text-align:center;color:var(--muted);font-size:.8rem;margin:20px 8px 0}
`;

const LOGO = `<svg viewBox="0 0 36 36" aria-hidden="true"><rect width="36" height="36" rx="10" fill="#e8590c"/><g fill="#fff"><rect x="8" y="14" width="3" height="8" rx="1.5"/><rect x="13" y="10" width="3" height="16" rx="1.5"/><rect x="18" y="7" width="3" height="22" rx="1.5"/><rect x="23" y="11" width="3" height="14" rx="1.5"/><rect x="28" y="15" width="3" height="6" rx="1.5" opacity=".8"/></g></svg>`;

function signInForm(state: LoginPageState): string {
  return `
  <h1>Welcome back</h1>
  <p class="lead">Sign in to listen, record and reply.</p>
  ${errorBlock(state.error)}
  <form method="post" action="/api/login">
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(state.email ?? '')}" ${state.email ? '' : 'autofocus'}>
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="current-password" required ${state.email ? 'autofocus' : ''}>
    <button type="submit">Sign in</button>
  </form>
  <p class="switch">New here? <a href="/api/login?mode=register">Create an account</a></p>`;
}

function registerForm(state: LoginPageState): string {
  return `
  <h1>Create your account</h1>
  <p class="lead">Your voice, your people. It takes a minute.</p>
  ${errorBlock(state.error)}
  <form method="post" action="/api/register">
    <div class="row">
      <div><label for="firstName">First name <span class="optional">(optional)</span></label>
      <input id="firstName" name="firstName" autocomplete="given-name" value="${escapeHtml(state.firstName ?? '')}"></div>
      <div><label for="lastName">Last name <span class="optional">(optional)</span></label>
      <input id="lastName" name="lastName" autocomplete="family-name" value="${escapeHtml(state.lastName ?? '')}"></div>
    </div>
    <label for="email">E-mail</label>
    <input id="email" name="email" type="email" autocomplete="email" required value="${escapeHtml(state.email ?? '')}">
    <label for="password">Password</label>
    <input id="password" name="password" type="password" autocomplete="new-password" required minlength="${PASSWORD_MIN_LENGTH}" aria-describedby="password-hint">
    <p class="hint" id="password-hint">At least ${PASSWORD_MIN_LENGTH} characters.</p>
    <button type="submit">Create account</button>
  </form>
  <p class="switch">Already have an account? <a href="/api/login">Sign in</a></p>`;
}

function errorBlock(error: string | undefined): string {
  return error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : '';
}

/** A page of our own in the sign-in look: plain HTML, so it works without JavaScript. */
function renderPage(title: string, content: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · ${PRODUCT_NAME}</title>
<script>try{if(localStorage.getItem('theme')==='dark')document.documentElement.classList.add('dark')}catch(e){}</script>
<style>${STYLES}</style>
</head>
<body>
<main>
  <a class="brand" href="/">${LOGO}<span>${PRODUCT_NAME}</span></a>
  <p class="tagline">${PRODUCT_TAGLINE}</p>
  ${content}
</main>
</body>
</html>`;
}

/** The sign-in page: plain HTML forms, so it works without JavaScript. */
export function renderLoginPage(state: LoginPageState): string {
  const title = state.mode === 'register' ? 'Create your account' : 'Sign in';
  return renderPage(
    title,
    `<div class="card">${state.mode === 'register' ? registerForm(state) : signInForm(state)}</div>
  <p class="notice">Recordings you publish are public and permanent. Be kind, protect privacy, be yourself.</p>`,
  );
}

/** Said to a page that posted to the share target: only the device's share sheet starts a share. */
export function renderForeignSharePage(message: string): string {
  return renderPage(
    'Not shared',
    `<div class="card">
  <h1>Nothing was shared</h1>
  <p class="lead">${escapeHtml(message)} Nothing was kept. To share audio, choose Earshot in the share menu of the app that has the file.</p>
  <p class="switch"><a href="/">Open Earshot</a></p>
  </div>`,
  );
}

/** Asks before signing out when the sign-out link was not followed from this site. */
export function renderSignOutPage(): string {
  return renderPage(
    'Sign out',
    `<div class="card">
  <h1>Sign out?</h1>
  <p class="lead">So that other sites cannot sign you out, please confirm.</p>
  <form method="post" action="/api/logout">
    <button type="submit">Sign out</button>
  </form>
  <p class="switch"><a href="/">Stay signed in</a></p>
  </div>`,
  );
}
