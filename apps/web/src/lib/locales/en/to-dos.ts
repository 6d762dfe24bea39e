/** The client's To do (issue 20): the page, the dashboard card and responding to a request. */
export const toDos = {} as const;
