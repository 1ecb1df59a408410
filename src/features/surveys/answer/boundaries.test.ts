import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The answer form is shared with the light public page (≤ 90 KiB): the lint block keeps what it imports
// light. A relative import out of answer/ (`../manage-api`, `../labels`) would bring zod and Chakra.
const eslint = new ESLint();
async function importErrors(code: string, file = 'src/features/surveys/answer/Example.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: file });
  return (result?.messages ?? []).filter((message) => message.ruleId === '@typescript-eslint/no-restricted-imports').map((message) => message.message);
}

describe('the answer form’s imports', () => {
  it('refuses relative imports out of answer/ (another surveys folder, another feature)', async () => {
    expect(await importErrors("import { x } from '../manage-api';\nexport const y = x;\n")).toHaveLength(1);
    expect(await importErrors("import { x } from '../labels';\nexport const y = x;\n")).toHaveLength(1);
    expect(await importErrors("import { x } from '../../applications/api';\nexport const y = x;\n")).toHaveLength(1);
  });

  it('allows its own files and the zod-free contracts', async () => {
    expect(await importErrors("import { x } from './inputs';\nimport { SURVEY_LIMITS } from '../../../../contracts/survey-rules';\nexport const y = [x, SURVEY_LIMITS];\n")).toEqual([]);
  });

  it('the public page keeps its own rules', async () => {
    expect(await importErrors("import { x } from '../lib/http';\nexport const y = x;\n", 'src/public-survey/Example.tsx')).toHaveLength(1);
    expect(await importErrors("import { x } from '../features/surveys/answer/SurveyForm';\nexport const y = x;\n", 'src/public-survey/Example.tsx')).toEqual([]);
  });
});
