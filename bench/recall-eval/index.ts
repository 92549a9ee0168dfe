import { JONAS, LUCIA } from './chats-de-es';
import { MAYA, PRIYA } from './chats-en';
import { buildEvalSet, type ChatSpec, type EvalQuestion, type EvalSet, type QuestionTag } from './eval-set';

export { buildChat, EVAL_NOW, EVAL_TIME_ZONE, type EvalQuestion, type EvalSet } from './eval-set';

/** The evaluation's four chats: two in English, one in German, one in Spanish. */
export const RECALL_EVAL_CHATS: readonly ChatSpec[] = [MAYA, JONAS, PRIYA, LUCIA];

/** The chats' messages and the questions, with the ids that answer them. */
export function recallEvalSet(): EvalSet {
  return buildEvalSet(RECALL_EVAL_CHATS);
}

export interface RecallScores {
  questions: number;
  /** Mean share of a question's answering messages among the first 5 / 10 items. */
  recallAt5: number;
  recallAt10: number;
  /** Share of questions with an answering message among the first 5 / 10 items. */
  hitAt5: number;
  hitAt10: number;
}

/** Scores ranked answers: for each question, the message ids of each item, best first. */
export function scoreRecall(
  questions: readonly EvalQuestion[],
  answers: readonly (readonly (readonly number[])[])[],
): RecallScores {
  const at = (k: number) =>
    questions.map((question, index) => {
      const found = new Set(answers[index]!.slice(0, k).flat());
      const hits = question.expected.filter((id) => found.has(id)).length;
      return { recall: hits / question.expected.length, hit: hits > 0 ? 1 : 0 };
    });
  const mean = (values: number[]) =>
    values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
  const five = at(5);
  const ten = at(10);
  return {
    questions: questions.length,
    recallAt5: mean(five.map((entry) => entry.recall)),
    recallAt10: mean(ten.map((entry) => entry.recall)),
    hitAt5: mean(five.map((entry) => entry.hit)),
    hitAt10: mean(ten.map((entry) => entry.hit)),
  };
}

/** The scores of all questions and of each tag's. */
export function scoreByTag(
  questions: readonly EvalQuestion[],
  answers: readonly (readonly (readonly number[])[])[],
): Record<'all' | QuestionTag, RecallScores> {
  const tags = [...new Set(questions.map((question) => question.tag))];
  const result = { all: scoreRecall(questions, answers) } as Record<'all' | QuestionTag, RecallScores>;
  for (const tag of tags) {
    const indexes = questions.flatMap((question, index) => (question.tag === tag ? [index] : []));
    result[tag] = scoreRecall(
      indexes.map((index) => questions[index]!),
      indexes.map((index) => answers[index]!),
    );
  }
  return result;
}
