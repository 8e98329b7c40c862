import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@shared/schemas/audit';
import { actionKey } from '@web/features/audit-trail/lib/audit-list';
import en from '@web/locales/en-US/audit.json';
import zh from '@web/locales/zh-CN/audit.json';

/**
 * Every action the server can write to the audit log, read from the server's code by the type checker
 * (so `queue.${action}` or `before ? 'x.update' : 'x.create'` count as each of their values): the
 * `action` of each `audit()` and `auditChange()` call, and of the report statements (their `audits`
 * entries and the `auditAction` parameter). The audit trail must have a label for each in both languages.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const inServer = (f: string) => f.startsWith(path.join(root, 'server/src/')) && !/\.test(-helpers)?\.ts$/.test(f);
const where = (n: ts.Node) => {
  const sf = n.getSourceFile();
  return `${path.relative(root, sf.fileName)}:${sf.getLineAndCharacterOfPosition(n.getStart()).line + 1}`;
};

const config = ts.getParsedCommandLineOfConfigFile(
  path.join(root, 'tsconfig.json'),
  {},
  {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  },
)!;
const serverFiles = config.fileNames.filter(inServer);

function writtenActions() {
  const program = ts.createProgram(serverFiles, config.options);
  const checker = program.getTypeChecker();
  const actions = new Map<string, string>();
  const problems: string[] = [];

  /** The string literals a value can be; anything wider cannot be enumerated and is a problem. */
  const collect = (value: ts.Node, type: ts.Type) => {
    for (const t of type.isUnion() ? type.types : [type]) {
      if (t.isStringLiteral()) {
        if (t.value !== 'param' && !actions.has(t.value)) actions.set(t.value, where(value));
      } else problems.push(`${where(value)}: an action of type ${checker.typeToString(t)}, not a known code`);
    }
  };
  const propertyValue = (p: ts.ObjectLiteralElementLike) => {
    if (ts.isPropertyAssignment(p)) collect(p.initializer, checker.getTypeAtLocation(p.initializer));
    else if (ts.isShorthandPropertyAssignment(p)) {
      collect(p, checker.getTypeOfSymbolAtLocation(checker.getShorthandAssignmentValueSymbol(p)!, p));
    } else problems.push(`${where(p)}: an action that is not a plain property`);
  };
  const named = (p: ts.ObjectLiteralElementLike, name: string) =>
    !!p.name && ts.isIdentifier(p.name) && p.name.text === name;

  const auditFile = program.getSourceFile(path.join(root, 'server/src/platform/audit.ts'))!;
  const writers = new Map<ts.Symbol, number>(); // the writer and the index of its entry argument
  ts.forEachChild(auditFile, (n) => {
    if (ts.isFunctionDeclaration(n) && n.name && (n.name.text === 'audit' || n.name.text === 'auditChange')) {
      writers.set(checker.getSymbolAtLocation(n.name)!, n.parameters.length - 1);
    }
  });
  expect(writers.size).toBe(2);

  const calleeOf = (call: ts.CallExpression) => {
    const e = call.expression;
    const s = checker.getSymbolAtLocation(ts.isPropertyAccessExpression(e) ? e.name : e);
    return s && s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
  };
  const isLoggedAudit = (o: ts.ObjectLiteralExpression) =>
    checker.getContextualType(o)?.aliasSymbol?.name === 'LoggedAudit' ||
    checker.getContextualType(o)?.getSymbol()?.name === 'LoggedAudit';

  for (const sf of program.getSourceFiles()) {
    if (!inServer(sf.fileName)) continue;
    const visit = (n: ts.Node): void => {
      if (ts.isCallExpression(n)) {
        const callee = calleeOf(n);
        const at = callee && writers.get(callee);
        if (at !== undefined) {
          const entry = n.arguments[at];
          const action =
            entry && ts.isObjectLiteralExpression(entry) && entry.properties.find((p) => named(p, 'action'));
          if (action) propertyValue(action);
          else problems.push(`${where(n)}: pass the entry as an object literal with its action`);
        }
      }
      if (ts.isObjectLiteralExpression(n)) {
        for (const p of n.properties) {
          if (named(p, 'auditAction') || (named(p, 'action') && isLoggedAudit(n))) propertyValue(p);
        }
      }
      ts.forEachChild(n, visit);
    };
    visit(sf);
  }
  return { actions, problems };
}

describe('audit actions', () => {
  const labels = { 'zh-CN': zh.actions as Record<string, string>, 'en-US': en.actions as Record<string, string> };

  it('every action the server writes is a listed code with a label in both languages', { timeout: 180_000 }, () => {
    const { actions, problems } = writtenActions();
    expect(actions.size).toBeGreaterThan(50);
    const missing = [...actions].flatMap(([action, at]) => [
      ...(AUDIT_ACTIONS.includes(action as never) ? [] : [`${action} (${at}): not in AUDIT_ACTIONS`]),
      ...Object.entries(labels).flatMap(([lang, texts]) =>
        texts[actionKey(action).slice('actions.'.length)] ? [] : [`${action} (${at}): no ${lang} label`],
      ),
    ]);
    expect([...problems, ...missing]).toEqual([]);
    // and the list (the trail's filter) holds nothing the server never writes
    expect(AUDIT_ACTIONS.filter((a) => !actions.has(a))).toEqual([]);
  });

  it('only platform/audit.ts and the report statements write the audit log', () => {
    const files = serverFiles
      .filter((f) => /insert\(auditLog\)|insert into \$\{auditLog\}/.test(readFileSync(f, 'utf8')))
      .map((f) => path.relative(root, f));
    expect(files.sort()).toEqual(['server/src/modules/report/statement.ts', 'server/src/platform/audit.ts']);
  });
});
