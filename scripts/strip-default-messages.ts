import { transform } from '@formatjs/ts-transformer';
import ts from 'typescript';
import type { Plugin } from 'vite';

/**
 * The page's build without each message's English `defaultMessage`: the screens word every message from the
 * active language's catalog (English's too, loaded on demand), so the English in the code would only weigh on the
 * first screen. Files named in `keep` keep theirs: the card window has no catalogs, and falls back on its English.
 */
export function stripDefaultMessages(keep: readonly string[]): Plugin {
  const kept = (id: string) => keep.some((path) => id.endsWith(path));
  return {
    name: 'packdesk:strip-default-messages',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.tsx?$/.test(id) || id.includes('/node_modules/') || kept(id) || !code.includes('defaultMessage')) return null;
      const output = ts.transpileModule(code, {
        fileName: id,
        compilerOptions: {
          target: ts.ScriptTarget.ESNext,
          module: ts.ModuleKind.ESNext,
          jsx: ts.JsxEmit.Preserve,
          sourceMap: true,
        },
        transformers: { before: [transform({ removeDefaultMessage: true, additionalFunctionNames: [] })] },
      });
      return { code: output.outputText.replace(/\/\/# sourceMappingURL=.*$/m, ''), map: output.sourceMapText ?? null };
    },
  };
}
