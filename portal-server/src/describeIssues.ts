import * as v from 'valibot';

/** One line per problem, each prefixed with where it is ("support.email: Invalid email..."). */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const where = v.getDotPath(issue);
      return where ? `${where}: ${issue.message}` : issue.message;
    })
    .join('; ');
}
