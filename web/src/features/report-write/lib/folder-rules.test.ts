import { describe, expect, it } from 'vitest';
import type { KnowledgeNode } from '@shared/schemas/knowledge';
import { folderProblem } from './folder-rules';
import { knowledgeNode } from './knowledge-node.fixture';

const node = (p: Partial<KnowledgeNode>) => knowledgeNode({ label: 'x', ...p });

describe('personal tree folder rules', () => {
  it('saving a template needs a folder selected', () => {
    expect(folderProblem('template', undefined)).toBe('needFolder');
    expect(folderProblem('template', node({ isleaf: true }))).toBe('needFolder');
    expect(folderProblem('template', node({}))).toBeNull();
  });
  it('a folder with children cannot be deleted; an empty one or a template can', () => {
    expect(folderProblem('delete', node({ children: [node({ pk: 2, isleaf: true })] }))).toBe('notEmpty');
    expect(folderProblem('delete', node({ children: [] }))).toBeNull();
    expect(folderProblem('delete', node({ isleaf: true }))).toBeNull();
    expect(folderProblem('delete', undefined)).toBe('needSelection');
  });
});
