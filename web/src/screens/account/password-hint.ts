/** The password rule of part 2 "Authentication", said before the service has to. */
export const passwordHint = 'At least 10 characters, with at least one digit and one upper-case letter.';
