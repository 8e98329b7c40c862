import { describe, expect, it } from 'vitest';
import type { TemplateElement } from '../schemas/report';
import { layoutProblems } from './layout-rules';

describe('layout rules', () => {
  it('names each element that breaks a rule', () => {
    const elements: TemplateElement[] = [
      { tag: 'textContent', uuid: 'a', text: 'ok' },
      { tag: 'textContent', uuid: 'a', text: 'same uuid' },
      { tag: 'imgCom', uuid: 'img', src: 'http://evil.example/x.png' },
      {
        tag: 'div',
        uuid: 'box',
        style: { background: 'url(http://evil.example/y)' },
        childs: [{ tag: 'hr', uuid: 'bad uuid' }],
      },
      { tag: 'usRange', uuid: 'r1', data: { ranges: [{ month: 5, min: 50, max: 40 }] } },
      { tag: 'usRange', uuid: 'r2', data: { ranges: [{ month: 5, min: 40, max: 40 }] } },
      {
        tag: 'usRange',
        uuid: 'r3',
        data: {
          ranges: [
            { month: 5, min: 1, max: 2 },
            { month: 5, min: 3, max: 4 },
          ],
        },
      },
      { tag: 'module', uuid: 'm1', data: { options: [] } },
      { tag: 'module', uuid: 'm2', data: { options: ['左', '左'] } },
      { tag: 'radio', uuid: 'm3', data: { options: ['  '] } },
      { tag: 'input', uuid: 'j', jfield: 'patient_name; x' },
      { tag: 'table', uuid: 't', data: { rows: [[{ model: '9' }]] } },
    ];
    expect(layoutProblems(elements)).toEqual([
      { uuid: 'a', problem: 'duplicateUuid' },
      { uuid: 'img', problem: 'unsafeSrc' },
      { uuid: 'box', problem: 'unsafeStyle' },
      { uuid: 'bad uuid', problem: 'uuid' },
      { uuid: 'r1', problem: 'rangeOrder' },
      { uuid: 'r2', problem: 'rangeOrder' },
      { uuid: 'r3', problem: 'rangeOrder' },
      { uuid: 'm1', problem: 'options' },
      { uuid: 'm2', problem: 'options' },
      { uuid: 'm3', problem: 'options' },
      { uuid: 'j', problem: 'jfield' },
      { uuid: 't', problem: 'table' },
    ]);
  });

  it('stops at the element limit and flags nesting too deep', () => {
    let deep: TemplateElement = { tag: 'hr', uuid: 'leaf' };
    for (let i = 0; i < 30; i++) deep = { tag: 'div', uuid: `d${i}`, childs: [deep] };
    expect(layoutProblems([deep]).map((p) => p.problem)).toContain('tooDeep');
    const many = Array.from({ length: 2001 }, (_, i): TemplateElement => ({ tag: 'hr', uuid: `h${i}` }));
    expect(layoutProblems(many)).toEqual([{ uuid: 'h2000', problem: 'tooMany' }]);
  });

  it('refuses a table formula that can never compute, and keeps one that can', () => {
    const table = (formula: string): TemplateElement => ({
      tag: 'table',
      uuid: 't',
      data: {
        rows: [
          [{ input: true }, { input: true }, { formula }],
          [{ input: true }, { input: true }, {}],
        ],
      },
    });
    for (const f of ['A1+B1*', '', '(A1+B1', 'A1 B1', 'A1+C9', 'Z1', 'A1/(B1-B1)', 'A1^2'])
      expect(layoutProblems([table(f)]), f).toEqual([{ uuid: 't', problem: 'formula' }]);
    for (const f of ['A1+B1', '(A1+B2)/2', '-A1*0.5', 'B2-A2', '3']) expect(layoutProblems([table(f)]), f).toEqual([]);
  });
});
