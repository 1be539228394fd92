/** The 200 of every health route: the word `Healthy` as plain text. */
export const healthyText = { contentType: 'text/plain', description: '`Healthy`' } as const;
