import { sql, type Kysely } from 'kysely';

/**
 * Who refers to a record, by index: an edit checks only what its change can
 * affect (docs/model-document.md "What an edit checks"), so every reference
 * field is looked up by value instead of reading the whole stream. With the
 * indexes of 0003 (`fromId`, `toId`, `producerId`, `consumerIds`) every
 * reference field of part 1 has one. A binding's index leads with its source
 * and target, so it also finds the bindings that share an identity (source,
 * target and routing key).
 *
 * Expression indexes rather than a table of references, measured on a model
 * at the import limits: a reference table answered "who refers to this
 * element" about 0.3 ms sooner (0.4 against 0.75 ms), but slowed every write
 * (one upsert 1.1 against 0.7 ms, the bulk insert of an import by about 70 %
 * against about 7 % for these indexes) and would need keeping in step with
 * the records (branches and revisions copy records).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create index model_entities_parent_idx on model_entities (stream_id, (body->>'parentId')) where kind = 'element';
    create index model_entities_message_schema_idx on model_entities (stream_id, (body->>'schemaId')) where kind = 'message';
    create index model_entities_owner_idx on model_entities (stream_id, (body->>'ownerId')) where kind = 'operation';
    create index model_entities_request_schema_idx on model_entities (stream_id, (body->>'requestSchemaId')) where kind = 'operation';
    create index model_entities_response_schema_idx on model_entities (stream_id, (body->>'responseSchemaId')) where kind = 'operation';
    create index model_entities_subscription_channel_idx on model_entities (stream_id, (body->>'channelId')) where kind = 'subscription';
    create index model_entities_subscription_consumer_idx on model_entities (stream_id, (body->>'consumerId')) where kind = 'subscription';
    create index model_entities_dead_letter_idx on model_entities (stream_id, (body->>'deadLetterChannelId')) where kind = 'subscription';
    create index model_entities_binding_source_idx on model_entities (stream_id, (body->>'sourceChannelId'), (body->>'targetChannelId')) where kind = 'binding';
    create index model_entities_binding_target_idx on model_entities (stream_id, (body->>'targetChannelId')) where kind = 'binding';

    -- A list of IDs (a message's consumerIds) as keys "<stream>:<id>": one GIN look-up finds the
    -- records of one stream naming an ID. The index of 0003 on consumerIds spans every stream, and
    -- next to the stream's btree indexes the planner may read all of a stream's messages instead.
    create function model_list_references(stream_id uuid, ids jsonb) returns text[]
      language sql immutable parallel safe
      as $$ select case when jsonb_typeof(ids) = 'array'
                   then array(select stream_id::text || ':' || id from jsonb_array_elements_text(ids) as id)
                   else '{}'::text[] end $$;
    create index model_entities_consumer_keys_idx on model_entities using gin (model_list_references(stream_id, body->'consumerIds'))
      with (fastupdate = off) where kind = 'message';
  `.execute(db);
}
