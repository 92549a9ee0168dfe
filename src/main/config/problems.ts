import type { ConfigProblem } from '../../shared/domain/config.js';

export function configError(file: string | null, line: number | null, message: string): ConfigProblem {
  return { severity: 'error', file, line, message };
}

export function configWarning(file: string | null, line: number | null, message: string): ConfigProblem {
  return { severity: 'warning', file, line, message };
}

/** Errors before warnings; otherwise the order problems were found in (path order) is kept. */
export function sortProblems(problems: readonly ConfigProblem[]): ConfigProblem[] {
  const rank = (problem: ConfigProblem) => (problem.severity === 'error' ? 0 : 1);
  return [...problems].sort((a, b) => rank(a) - rank(b));
}

/** `file:line: severity: message`, the form editors and terminals turn into links. */
export function formatProblem(problem: ConfigProblem): string {
  const location =
    problem.file === null ? '' : `${problem.file}${problem.line === null ? '' : `:${problem.line}`}: `;
  return `${location}${problem.severity}: ${problem.message}`;
}
