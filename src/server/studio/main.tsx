import { render } from 'preact';
import { createApiClient } from './api-client.js';
import { App } from './app.js';
import { splitToken } from './split-token.js';

// The token comes once in the address (`/?token=…`); it lives on in memory only (never in storage), and the
// address loses it at once, so it stays out of the history, bookmarks and what a screen share shows.
const { token, cleanUrl } = splitToken(window.location.href);
window.history.replaceState(window.history.state, '', cleanUrl);

const root = document.getElementById('app');
if (root === null) throw new Error('the studio page has no #app element');
render(
  token === null ? (
    <p role="alert" class="error">
      No token: open the address that <code>brass-agent serve</code> printed (it ends in <code>?token=…</code>).
    </p>
  ) : (
    <App api={createApiClient(token)} />
  ),
  root,
);
