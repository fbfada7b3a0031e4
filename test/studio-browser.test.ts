import fs from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { modelCliEnv } from './support/model-cli-env.js';
import { startScriptedLlmServer, type ScriptedLlmServer } from './support/scripted-llm-server.js';
import { type ServeProcess, startServe } from './support/serve-cli.js';
import { createTempWorkspace, type TempWorkspace } from './support/temp-workspace.js';

// The studio end to end: Debian's Chromium (headless, driven by playwright-core; never a downloaded browser)
// on the page the REAL `brass-agent serve` serves (the built CLI as a child process, its CSP included), the
// real session engine, and the scripted model on 127.0.0.1 editing a file in a temp workspace.

const CHROMIUM = '/usr/bin/chromium';
const hasChromium = fs.existsSync(CHROMIUM);
const ORIGINAL = 'export function total(items) {\n  return 0; // broken\n}\n';
const GUIDANCE = '# Shop\nKeep totals exact.\n';
const FIXED_LINE = 'return items.reduce((sum, item) => sum + item, 0);';

describe.skipIf(!hasChromium)(`the studio in a real browser${hasChromium ? '' : ` (skipped: ${CHROMIUM} is missing; .ci/run installs it)`}`, () => {
  let model: ScriptedLlmServer;
  let workspace: TempWorkspace;
  let home: TempWorkspace;
  let serve: ServeProcess;
  let browser: Browser;
  let page: Page;
  /** What the page logged as errors (a CSP violation would show here). */
  const pageErrors: string[] = [];

  beforeAll(async () => {
    model = await startScriptedLlmServer({
      script: [
        { text: 'Let me fix the total.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/total.js', old_string: 'return 0; // broken', new_string: FIXED_LINE } }] },
        { text: 'I fixed the total: it now sums the items.' },
        { text: 'Rounding the total.', toolCalls: [{ name: 'edit_file', arguments: { path: 'src/total.js', old_string: 'return 0; // broken', new_string: 'return Math.round(0);' } }] },
        { text: 'Rounded.' },
        // Asked again after the denial, with the person's message.
        { text: 'Understood, I leave it as it is.' },
        // This request never gets an answer: the person cancels the turn.
        { fault: 'hang' },
      ],
    });
    workspace = await createTempWorkspace({ files: { 'src/total.js': ORIGINAL, 'README.md': '# shop\n', 'AGENTS.md': GUIDANCE, 'src/AGENTS.md': '# src\nNo floats for money.\n' } });
    home = await createTempWorkspace();
    const env = modelCliEnv(home, { BRASS_LLM_PROVIDER: 'openai-compatible', BRASS_LLM_MODEL: 'scripted', BRASS_LLM_BASE_URL: model.baseUrl });
    serve = await startServe(['--cwd', workspace.root, '--port', '0'], { env });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(message.text());
    });
    page.on('pageerror', (error) => pageErrors.push(error.message));
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await serve?.stop();
    await model?.close();
    await workspace?.dispose();
    await home?.dispose();
  });

  it('opens with the token, which then is gone from the address and kept out of storage', async () => {
    await page.goto(`${serve.url}?token=${serve.token}`);
    await page.getByRole('heading', { name: 'brass-agent studio' }).waitFor();
    await page.getByText('Pick a session or start a new one.').waitFor();
    expect(page.url()).toBe(serve.url);
    expect(page.url()).not.toContain(serve.token);
    // A string: evaluated in the page, whose DOM types the tests' tsconfig does not have.
    expect(await page.evaluate('({ local: localStorage.length, session: sessionStorage.length })')).toEqual({ local: 0, session: 0 });
    expect(pageErrors).toEqual([]);
  });

  it('streams the answer, shows the approval diff, applies it on approval, shows the context, and undoes (past a conflict when told to)', async () => {
    await page.getByLabel('Mode').selectOption('write');
    await page.getByLabel('Approval').selectOption('ask');
    await page.getByRole('button', { name: 'New session' }).click();
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('fix the total in src/total.js');
    // Send is enabled once the session's event stream is open (so no event of the turn can be missed).
    await page.getByText('live', { exact: true }).waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
    await message.press('Enter');

    // The model's streamed text, then the approval with a coloured diff.
    const conversation = page.getByRole('list', { name: 'conversation' });
    await conversation.getByText('Let me fix the total.').waitFor();
    const approval = page.getByRole('region', { name: /^approval/ });
    await approval.waitFor();
    await expect.poll(() => approval.locator('.diff-added').allTextContents()).toEqual([`+  ${FIXED_LINE}`]);
    expect(await approval.locator('.diff-removed').allTextContents()).toEqual(['-  return 0; // broken']);
    expect(await approval.locator('.diff-file').allTextContents()).toEqual(expect.arrayContaining(['--- a/src/total.js', '+++ b/src/total.js']));
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);

    await approval.getByRole('button', { name: 'Allow once' }).click();
    await conversation.getByText('I fixed the total: it now sums the items.').waitFor();
    await conversation.getByText(/^applied: /).waitFor();
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toContain(FIXED_LINE);
    await approval.getByText('allowed once').waitFor();

    // The context panel: the file discovery chose with its reason, the guidance, the nested context file
    // disclosed by the edit in src/, the reminder that carried it and in which turn, token use.
    await page.getByRole('button', { name: 'Context' }).click();
    const discovered = page.getByRole('region', { name: 'discovered files' });
    await discovered.getByText('src/total.js: direct', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'guidance files' }).getByText(`AGENTS.md (${Buffer.byteLength(GUIDANCE)} bytes)`, { exact: true }).waitFor();
    await page.getByRole('region', { name: 'nested context files' }).getByText('src/AGENTS.md (for src/) disclosed', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'reminders' }).getByText('turn 1: src/AGENTS.md', { exact: true }).waitFor();
    await page.getByRole('region', { name: 'tokens' }).getByText(/this session: \d+ in, \d+ out/).waitFor();

    // Changed by hand since the turn: undo names the file and restores only when told to.
    const edited = fs.readFileSync(workspace.path('src/total.js'), 'utf8').replace('sum + item', 'sum + item + 0');
    fs.writeFileSync(workspace.path('src/total.js'), edited);
    await page.getByRole('button', { name: 'Undo last change' }).click();
    await conversation.getByText('undo refused: changed since the last turn: src/total.js').waitFor();
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(edited);
    await page.getByRole('button', { name: 'Undo anyway (overwrites src/total.js)' }).click();
    await conversation.getByText('undo restored src/total.js').waitFor();
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
    await page.getByRole('button', { name: /^Undo anyway/ }).waitFor({ state: 'detached' });
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('denies a change with a message for the model from a page opened mid-turn: nothing is written, the model gets the message', async () => {
    const approvals = page.getByRole('region', { name: /^approval/ });
    const before = await approvals.count();
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('round the total');
    await message.press('Enter');
    const approval = approvals.nth(before);
    await approval.getByText('+  return Math.round(0);').waitFor();

    // A second page opened while the approval waits: it replays the running turn (and not the finished ones).
    const second = await browser.newPage();
    try {
      await second.goto(`${serve.url}?token=${serve.token}`);
      await second.getByRole('navigation', { name: 'sessions' }).getByRole('button', { name: /^fix the total in src\/total\.js/ }).click();
      const secondConversation = second.getByRole('list', { name: 'conversation' });
      await secondConversation.getByText('round the total', { exact: true }).waitFor();
      const pending = second.getByRole('region', { name: /^approval/ });
      await pending.getByText('+  return Math.round(0);').waitFor();
      // The history's turn is shown once: from the history, not again from the replay.
      expect(await secondConversation.getByText('fix the total in src/total.js', { exact: true }).count()).toBe(1);
      expect(await pending.count()).toBe(1);
      await pending.getByLabel('Message for the model (with deny)').fill('keep the total unrounded');
      await pending.getByRole('button', { name: 'Deny' }).click();
      await pending.getByText('denied', { exact: true }).waitFor();
    } finally {
      await second.close();
    }
    // The first page learns the answer from its own stream.
    await approval.getByText('denied', { exact: true }).waitFor();
    const conversation = page.getByRole('list', { name: 'conversation' });
    await conversation.getByText('Understood, I leave it as it is.').waitFor();
    expect(JSON.stringify(model.requests.at(-1)?.body)).toContain('keep the total unrounded');
    // The model left its pending edit as it was, so the same patch is asked about again: a plain deny ends the turn.
    await approvals.nth(before + 1).getByRole('button', { name: 'Deny' }).click();
    await conversation.getByText(/^proposed: /).waitFor();
    expect(fs.readFileSync(workspace.path('src/total.js'), 'utf8')).toBe(ORIGINAL);
  }, 60_000);

  it('cancels a running turn', async () => {
    const message = page.getByLabel('Message', { exact: true });
    await message.fill('and the tax?');
    // Shift+Enter is a new line, not a send.
    await message.press('Shift+Enter');
    await message.pressSequentially('please');
    expect(await message.inputValue()).toBe('and the tax?\nplease');
    await message.press('Enter');
    const conversation = page.getByRole('list', { name: 'conversation' });
    await conversation.getByText('and the tax?\nplease').waitFor();
    await page.getByRole('button', { name: 'Cancel turn' }).click();
    await conversation.getByText(/^cancelled: /).waitFor();
    await page.getByRole('button', { name: 'Cancel turn' }).waitFor({ state: 'detached' });
    await message.fill('next');
    await expect.poll(() => page.getByRole('button', { name: 'Send' }).isEnabled()).toBe(true);
  }, 60_000);

  it('lists the session, and opens it again with its history in a new page', async () => {
    const again = await browser.newPage();
    try {
      await again.goto(`${serve.url}?token=${serve.token}`);
      const sessions = again.getByRole('navigation', { name: 'sessions' });
      await sessions.getByRole('button', { name: /^fix the total in src\/total\.js/ }).click();
      const conversation = again.getByRole('list', { name: 'conversation' });
      await conversation.getByText('fix the total in src/total.js', { exact: true }).waitFor();
      await conversation.getByText('I fixed the total: it now sums the items.').waitFor();
      await conversation.getByText('round the total', { exact: true }).waitFor();
      await conversation.getByText(/^cancelled: /).waitFor();
    } finally {
      await again.close();
    }
  }, 60_000);

  // Last: it stops the server.
  it('says plainly when the server is gone', async () => {
    expect(await serve.stop()).toBe(0);
    await page.getByText(/^reconnecting \(/).first().waitFor();
    // Nothing can be sent while the stream is down (the message typed before stays).
    expect(await page.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await page.getByLabel('Message', { exact: true }).inputValue()).toBe('next');
    await page.getByRole('button', { name: 'New session' }).click();
    await page.getByRole('alert').getByText(/^Cannot create a session: cannot reach brass-agent serve .*: is it still running\?$/).waitFor();
  });
});
