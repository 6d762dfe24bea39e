import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * ADR 0010: every repository method that reads or writes client data takes the caller's scope as a
 * required, typed parameter (`ClientScope`, `DocumentScope`, ...), so a query that forgets it does
 * not get past CI. A method that touches a client-data table without one must say why in a JSDoc
 * `@unscoped <reason>` tag (the firm's own jobs, a provider's webhook, rows written before any scope
 * exists, tables read only to count references), which a reviewer then reads like any other code.
 */
const CLIENT_DATA_TABLES = new Set([
  'clients',
  'clientSpouses',
  'clientProfilePictures',
  'clientServices',
  'clientCollaborators',
  'clientCollaboratorServices',
  'contractors',
  'contractorPayments',
  'documents',
  'documentTags',
  'documentComments',
  'documentShares',
  'bookkeepingRecords',
  'bankInstitutions',
  'bankAccounts',
  'bankTransactions',
  'bankSyncStates',
  'requests',
  'requestItems',
  'requestItemTags',
  'requestScheduleClients',
  'conversations',
  'conversationMessages',
  'conversationMessageAttachments',
  'conversationReads',
]);
const SCOPE_TYPE = /\b[A-Z][A-Za-z]*Scope\b/;
/** Only repositories turn a scope into SQL. */
const SCOPE_CONDITION = /\b[a-z][A-Za-z]*ScopeCondition\b/;
/** A module's public entry passes a repository helper on to other modules' repositories without using it. */
const RE_EXPORT = /^export\s+(type\s+)?\{[^}]*\}\s+from\s+'[^']+';$/gm;

const modulesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === '__tests__' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

interface RepositoryMethod {
  name: string;
  tables: string[];
  scoped: boolean;
  unscopedReason: string | null;
}

/** The methods of the object a `create...Repository` function returns, with the client tables each uses. */
function repositoryMethods(file: string): RepositoryMethod[] {
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const methods: RepositoryMethod[] = [];
  // A filters object that carries the scope as a required member (`scope: ClientScope`) counts too.
  const scopedShapes = new Set<string>();
  source.statements.forEach((statement) => {
    if (!ts.isInterfaceDeclaration(statement)) return;
    const required = statement.members.some(
      (member) =>
        ts.isPropertySignature(member) &&
        !member.questionToken &&
        member.type !== undefined &&
        SCOPE_TYPE.test(member.type.getText(source)),
    );
    if (required) scopedShapes.add(statement.name.text);
  });
  const isScopeType = (type: ts.TypeNode) => {
    const text = type.getText(source);
    return SCOPE_TYPE.test(text) || [...scopedShapes].some((name) => new RegExp(`\\b${name}\\b`).test(text));
  };
  const visitFactory = (node: ts.Node) => {
    if (ts.isFunctionDeclaration(node) && node.name && /^create[A-Za-z]*Repository$/.test(node.name.text)) {
      node.body?.statements.forEach((statement) => {
        if (!ts.isReturnStatement(statement) || !statement.expression) return;
        if (!ts.isObjectLiteralExpression(statement.expression)) return;
        for (const property of statement.expression.properties) {
          const fn = ts.isMethodDeclaration(property)
            ? property
            : ts.isPropertyAssignment(property) &&
                (ts.isArrowFunction(property.initializer) || ts.isFunctionExpression(property.initializer))
              ? property.initializer
              : null;
          if (!fn || !property.name) continue;
          const tables = new Set<string>();
          const collect = (inner: ts.Node) => {
            if (ts.isIdentifier(inner) && CLIENT_DATA_TABLES.has(inner.text)) tables.add(inner.text);
            ts.forEachChild(inner, collect);
          };
          if (fn.body) collect(fn.body);
          const tag = ts.getJSDocTags(property).find((t) => t.tagName.text === 'unscoped');
          const reason = tag ? ts.getTextOfJSDocComment(tag.comment)?.trim() || '' : null;
          methods.push({
            name: property.name.getText(source),
            tables: [...tables],
            scoped: fn.parameters.some((p) => p.type !== undefined && isScopeType(p.type)),
            unscopedReason: reason,
          });
        }
      });
    }
    ts.forEachChild(node, visitFactory);
  };
  visitFactory(source);
  return methods;
}

const files = sourceFiles(modulesDir);
const repositories = files.filter((file) => file.endsWith('.repository.ts'));

describe('client data is read and written only within a scope (ADR 0010)', () => {
  it('finds the repositories and their methods', () => {
    // Guards the rule itself: a parser that found nothing would pass every check below.
    const methods = repositories.flatMap(repositoryMethods);
    expect(repositories.length).toBeGreaterThan(20);
    expect(methods.filter((m) => m.tables.length > 0).length).toBeGreaterThan(40);
  });

  it.each(repositories.map((file) => [path.relative(modulesDir, file), file]))(
    '%s: each method on client data takes a scope or says why not',
    (_name, file) => {
      const offenders = repositoryMethods(file)
        .filter((m) => m.tables.length > 0 && !m.scoped && m.unscopedReason === null)
        .map((m) => `${m.name} (uses ${m.tables.join(', ')})`);
      expect(offenders, 'add a required scope parameter, or a JSDoc `@unscoped <reason>`').toEqual([]);
      const emptyReasons = repositoryMethods(file)
        .filter((m) => m.unscopedReason === '')
        .map((m) => m.name);
      expect(emptyReasons, '`@unscoped` needs a reason').toEqual([]);
    },
  );

  it('scopes are made only by their factories, and scoped ids only by repositories', () => {
    const casts = files
      .filter((file) => !/-scope\.ts$/.test(file))
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return (
          /\bas [A-Z][A-Za-z]*Scope\b/.test(text) ||
          (!file.endsWith('.repository.ts') && /\bas [A-Z][A-Za-z]*InScope\b/.test(text))
        );
      })
      .map((file) => path.relative(modulesDir, file));
    expect(casts).toEqual([]);
  });

  it('only repositories turn a scope into SQL', () => {
    const outside = files
      .filter((file) => !file.endsWith('.repository.ts') && !/-scope\.ts$/.test(file))
      .filter((file) => SCOPE_CONDITION.test(readFileSync(file, 'utf8').replace(RE_EXPORT, '')))
      .map((file) => path.relative(modulesDir, file));
    expect(outside).toEqual([]);
  });
});
