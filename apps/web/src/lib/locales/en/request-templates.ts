/** Request templates and recurring requests under Administration (issue 20). */
export const requestTemplates = {} as const;
