// Starts Swagger UI on the service's own OpenAPI document (docs/openapi.md). A file of its own, not an
// inline script: the page runs under a Content-Security-Policy that allows scripts from 'self' only.
window.addEventListener('DOMContentLoaded', () => {
  window.SwaggerUIBundle({
    url: '/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    // No call to the public validator badge service: the page loads nothing from elsewhere.
    validatorUrl: null,
    // Requests sent from the page go with the session cookie of the signed-in person.
    withCredentials: true,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  });
});
