import { useEffect, useRef, useState } from 'preact/hooks';
import { ApiError } from '../../api/client';
import { readJsonText, type JsonSyntaxError } from './json-text';
import { newScenarioId, newScenarioText, storedScenarioText } from './new-scenario-document';
import { scenarioApi, type IgnoredMember, type ScenarioOrigin } from './scenario-api';

export interface ScenarioText {
  /** The scenario the text saves to: from the path, or the new GUID written into a new document. */
  scenarioId: string;
  text: string;
  /** The text as last saved or loaded; null while a new scenario was never saved (its save is a create). */
  savedText: string | null;
  origin: ScenarioOrigin | null;
}

function asApiError(cause: unknown): ApiError {
  return cause instanceof ApiError ? cause : new ApiError({ type: 'client_error', title: 'Something went wrong', detail: String(cause), status: 0, errors: [] });
}

/**
 * The editor's document: loaded from the service (or a new one), edited as
 * text, saved with POST (create, the ID from the text) or PUT (replace, the
 * ID from the path). The text is sent exactly as written once the browser
 * has read it as JSON; a syntax error stops the save with its line and column.
 */
export function useScenarioDocument(projectId: string, scenarioId: string | null) {
  const [document, setDocument] = useState<ScenarioText | null>(null);
  const [loadError, setLoadError] = useState<ApiError | undefined>(undefined);
  const [saveError, setSaveError] = useState<ApiError | undefined>(undefined);
  const [blocked, setBlocked] = useState<JsonSyntaxError | null>(null);
  const [ignored, setIgnored] = useState<IgnoredMember[]>([]);
  const [saving, setSaving] = useState(false);
  const current = useRef(document);
  current.current = document;

  useEffect(() => {
    setSaveError(undefined);
    setBlocked(null);
    setLoadError(undefined);
    if (scenarioId === null) {
      const id = newScenarioId();
      setIgnored([]);
      setDocument({ scenarioId: id, text: newScenarioText(id), savedText: null, origin: null });
      return;
    }
    // Just created on this screen: keep the text as written, with what the save said about it.
    if (current.current?.scenarioId === scenarioId && current.current.savedText !== null) return;
    setIgnored([]);
    setDocument(null);
    const controller = new AbortController();
    scenarioApi.get(projectId, scenarioId, controller.signal).then(
      (stored) => {
        const text = storedScenarioText(stored);
        setDocument({ scenarioId: stored.id, text, savedText: text, origin: stored.origin });
      },
      (cause: unknown) => {
        if (!controller.signal.aborted) setLoadError(asApiError(cause));
      },
    );
    return () => controller.abort();
  }, [projectId, scenarioId]);

  const setText = (text: string) => {
    setBlocked(null);
    setDocument((doc) => (doc ? { ...doc, text } : doc));
  };

  /** Saves the text; answers the saved scenario's ID, or null when nothing was saved. */
  const save = async (): Promise<{ id: string; created: boolean } | null> => {
    const doc = current.current;
    if (!doc || saving) return null;
    const read = readJsonText(doc.text);
    if (read.error) {
      setBlocked(read.error);
      return null;
    }
    setBlocked(null);
    setSaving(true);
    try {
      const creating = doc.savedText === null;
      const saved = creating ? await scenarioApi.create(projectId, doc.text) : await scenarioApi.replace(projectId, doc.scenarioId, doc.text);
      setSaveError(undefined);
      setIgnored(saved.ignored ?? []);
      setDocument((now) => (now ? { ...now, scenarioId: saved.id, savedText: doc.text, origin: saved.origin } : now));
      return { id: saved.id, created: creating };
    } catch (cause) {
      setSaveError(asApiError(cause));
      setIgnored([]);
      return null;
    } finally {
      setSaving(false);
    }
  };

  return { document, loadError, saveError, blocked, ignored, saving, setText, save };
}
