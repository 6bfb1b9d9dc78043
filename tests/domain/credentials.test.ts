/**
 * Issue 9: no domain event can carry a credential. The payload type of every `defineEvent` in
 * `domain/` is read with the TypeScript compiler and walked (nested objects, arrays, unions): no
 * field may be named like a token. The walk covers every type of the running catalogue, so a new
 * event is checked the day it is added. Redaction at record time stays as defence in depth; this
 * is the rule that makes it unnecessary for the session token.
 */
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { eventTypes, stamp } from '../../domain/index.js';
import * as session from '../../domain/session/index.js';

/** A field that would hold a credential: token, accessToken, refresh_token, captchaToken ... */
const CREDENTIAL_FIELD = /token/i;

const program = ts.createProgram([path.resolve('domain/index.ts')], {
  strict: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.NodeNext,
  moduleResolution: ts.ModuleResolutionKind.NodeNext,
  noEmit: true,
});
const checker = program.getTypeChecker();

interface DefinedEvent {
  readonly type: string;
  readonly payload: ts.Type;
}

/** Every `defineEvent<P>()('type')` in domain/ with its payload type P. */
const definedEvents = (): DefinedEvent[] => {
  const out: DefinedEvent[] = [];
  const domainDir = path.resolve('domain') + path.sep;
  for (const file of program.getSourceFiles()) {
    if (!path.resolve(file.fileName).startsWith(domainDir)) continue;
    const visit = (node: ts.Node): void => {
      if (
        ts.isCallExpression(node) &&
        ts.isCallExpression(node.expression) &&
        ts.isIdentifier(node.expression.expression) &&
        node.expression.expression.text === 'defineEvent' &&
        node.expression.typeArguments?.length === 1 &&
        node.arguments.length === 1 &&
        ts.isStringLiteral(node.arguments[0]!)
      )
        out.push({
          type: node.arguments[0].text,
          payload: checker.getTypeFromTypeNode(node.expression.typeArguments[0]!),
        });
      ts.forEachChild(node, visit);
    };
    visit(file);
  }
  return out;
};

/** The paths of credential-named fields anywhere inside `type`. */
const credentialFieldsWith =
  (c: ts.TypeChecker) =>
  (type: ts.Type, at: string, seen = new Set<ts.Type>()): string[] => {
    const walk = credentialFieldsWith(c);
    if (seen.has(type)) return [];
    seen.add(type);
    if (type.isUnionOrIntersection()) return type.types.flatMap((t) => walk(t, at, seen));
    if (c.isArrayType(type) || c.isTupleType(type))
      return c.getTypeArguments(type as ts.TypeReference).flatMap((t) => walk(t, `${at}[]`, seen));
    if (!(type.flags & ts.TypeFlags.Object)) return [];
    return c.getPropertiesOfType(type).flatMap((prop) => {
      const where = `${at}.${prop.name}`;
      const decl = prop.valueDeclaration ?? prop.declarations?.[0];
      const propType = decl ? c.getTypeOfSymbolAtLocation(prop, decl) : c.getTypeOfSymbol(prop);
      return [...(CREDENTIAL_FIELD.test(prop.name) ? [where] : []), ...walk(propType, where, seen)];
    });
  };
const credentialFields = credentialFieldsWith(checker);

describe('no domain event carries a credential (issue 9)', () => {
  const events = definedEvents();

  it('the walk sees every event type of the catalogue', () => {
    const found = new Set(events.map((e) => e.type));
    expect([...eventTypes].filter((t) => !found.has(t))).toEqual([]);
    expect(found.size).toBeGreaterThanOrEqual(eventTypes.size);
  });

  it('no payload type has a field named like a token, at any depth', () => {
    const offending = events.flatMap((e) => credentialFields(e.payload, e.type));
    expect(offending).toEqual([]);
  });

  it('the walk would catch one: the old userInfoSet payload, and a token nested in a list', () => {
    const host = ts.createCompilerHost({ strict: true });
    const probe = path.resolve('probe-credentials.ts');
    const text = [
      'export type Old = { readonly token: string; readonly user: { readonly id: string } };',
      'export type Nested = { readonly items: readonly ({ id: string } | { auth: { accessToken: string } })[] };',
    ].join('\n');
    const getSourceFile = host.getSourceFile.bind(host);
    host.getSourceFile = (name, lang) =>
      name === probe ? ts.createSourceFile(probe, text, lang) : getSourceFile(name, lang);
    const p = ts.createProgram([probe], { strict: true }, host);
    const c = p.getTypeChecker();
    const [old, nested] = p.getSourceFile(probe)!.statements as unknown as ts.TypeAliasDeclaration[];
    const walk = credentialFieldsWith(c);
    expect(walk(c.getTypeAtLocation(old!.name), 'Old')).toEqual(['Old.token']);
    expect(walk(c.getTypeAtLocation(nested!.name), 'Nested')).toEqual(['Nested.items[].auth.accessToken']);
  });

  it('userInfoSet takes the account fields only; a smuggled token never reaches the state', () => {
    const user: session.UserInfo = {
      id: 'u1',
      accountName: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      avatar: '',
      status: 1,
      role: 'user',
    };
    const creator = events.find((e) => e.type === session.userInfoSet.type)!;
    expect(checker.getPropertiesOfType(creator.payload).map((p) => p.name)).toEqual(['user']);
    // @ts-expect-error the creator has no token parameter (issue 9)
    const smuggled = session.userInfoSet({ token: 'tok-smuggled', user });
    const state = session.evolveSession(session.initialSessionState, stamp(smuggled, 1, 0));
    expect(state).toEqual(session.sessionFromPersisted({ user, paymentInfo: null }));
    expect(JSON.stringify(state)).not.toContain('tok-smuggled');
  });
});
