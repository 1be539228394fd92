import { HttpProblem } from '../../lib/platform/http/problem';
import { fixedSecretNames, parseSecretName, type SecretName } from '../../lib/features/secrets/secret-names';

/** The `{name}` path segment as a known secret name; 400 otherwise (part 2 "Errors": unknown secret name). */
export function secretNameFromPath(text: string | undefined): SecretName {
  const name = parseSecretName(text ?? '');
  if (!name) {
    throw HttpProblem.validation('Unknown secret name', [
      { field: 'name', message: `is not a secret name this service knows; known names are ${fixedSecretNames.join(', ')} and ai:<providerId>:apiKey` },
    ]);
  }
  return name;
}
