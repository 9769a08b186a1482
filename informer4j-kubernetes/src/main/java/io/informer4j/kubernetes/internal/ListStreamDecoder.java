package io.informer4j.kubernetes.internal;

import io.informer4j.meta.ObjectKey;
import io.informer4j.source.ListPage;
import io.informer4j.source.ListSink;
import io.informer4j.source.MalformedObjectException;
import java.io.InputStream;
import tools.jackson.core.JacksonException;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.core.exc.JacksonIOException;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.ObjectReader;

/**
 * Decodes a Kubernetes list response ({@code {"metadata":{…},"items":[…]}}) as a stream: each item
 * is bound to the object type and handed to the sink before the next one is read, so the raw body
 * is never held and only what the sink keeps stays in memory. An item that cannot be bound (a field
 * of the wrong type, say) is reported to the sink as malformed, with its key when its
 * {@code metadata.name} (and namespace) can be read, and skipped; broken JSON, or a body that
 * cannot be read, fails the whole list.
 *
 * <p>To read a failed item again, the bytes of the item being bound are kept as the body passes
 * ({@link RetainingInputStream}): at most the current item and what the parser read ahead of it,
 * and no item larger than {@value #MAX_ITEM_BYTES} bytes (a larger one that fails is reported
 * without its key).
 *
 * <p>Stateless apart from its reader; thread-safe.
 *
 * @param <T> the item type
 */
public final class ListStreamDecoder<T> {

  /** The largest item whose bytes are kept while it is bound, so a failed one can be read again. */
  static final int MAX_ITEM_BYTES = 8 * 1024 * 1024;

  private final ObjectMapper mapper;
  private final ObjectReader itemReader;
  private final Class<T> itemType;

  /** @param json fabric8's JSON rules; @param itemType the class items are bound to */
  public ListStreamDecoder(FabricJson json, Class<T> itemType) {
    this.mapper = json.mapper();
    this.itemReader = json.readerFor(itemType);
    this.itemType = itemType;
  }

  /**
   * Reads the whole body, pushing items to {@code sink}; returns the list's metadata.
   *
   * @throws JacksonException if the body is not a JSON list or cannot be read (the caller maps it to
   *                          an error)
   */
  public ListPage decode(InputStream body, ListSink<T> sink) {
    String resourceVersion = "";
    String continueToken = null;
    Long remaining = null;
    RetainingInputStream items = new RetainingInputStream(body, MAX_ITEM_BYTES);
    try (JsonParser parser = itemReader.createParser(items)) {
      expect(parser.nextToken(), JsonToken.START_OBJECT);
      for (String field = parser.nextName(); field != null; field = parser.nextName()) {
        JsonToken value = parser.nextToken();
        if ("metadata".equals(field) && value == JsonToken.START_OBJECT) {
          for (String meta = parser.nextName(); meta != null; meta = parser.nextName()) {
            JsonToken metaValue = parser.nextToken();
            switch (meta) {
              case "resourceVersion" -> resourceVersion = parser.getString();
              case "continue" -> continueToken = parser.getString();
              case "remainingItemCount" -> remaining = metaValue == JsonToken.VALUE_NUMBER_INT ? parser.getLongValue() : null;
              default -> parser.skipChildren();
            }
          }
        } else if ("items".equals(field) && value == JsonToken.START_ARRAY) {
          readItems(parser, items, sink);
        } else {
          parser.skipChildren();
        }
      }
    }
    return new ListPage(resourceVersion, continueToken, remaining);
  }

  private void readItems(JsonParser parser, RetainingInputStream items, ListSink<T> sink) {
    int index = 0;
    for (JsonToken token = parser.nextToken(); token != JsonToken.END_ARRAY; token = parser.nextToken(), index++) {
      if (token == null) {
        throw new IllegalStateException("the list body ended inside its items");
      }
      long start = parser.currentTokenLocation().getByteOffset();
      items.retainFrom(start);
      int depth = parser.streamReadContext().getNestingDepth();
      T item;
      try {
        item = itemReader.readValue(parser);
      } catch (JacksonIOException e) {
        throw e;
      } catch (JacksonException e) {
        skipRestOfItem(parser, token, depth);
        sink.malformed(unbindable(index, items.copy(start, parser.currentLocation().getByteOffset()), e));
        continue;
      }
      if (item != null) {
        sink.accept(item);
      }
    }
  }

  /** The problem of item {@code index}, with its key when its JSON ({@code json}, null if not kept) names it. */
  private MalformedObjectException unbindable(int index, byte[] json, JacksonException cause) {
    ObjectKey key = json == null ? null
        : ObjectIdentity.keyOf(ObjectIdentity.readFirstValue(mapper, json, 0, json.length));
    return new MalformedObjectException("list item " + index + (key == null ? "" : " (" + key + ")")
        + " cannot be read as " + itemType.getSimpleName() + ": " + cause.getOriginalMessage(), key, null, cause);
  }

  /**
   * After a failed bind of an item that started with {@code start} at nesting {@code depth}, moves
   * the parser past the item's closing token (nothing to do for a scalar item).
   */
  private static void skipRestOfItem(JsonParser parser, JsonToken start, int depth) {
    if (start != JsonToken.START_OBJECT && start != JsonToken.START_ARRAY) {
      return;
    }
    while (parser.streamReadContext().getNestingDepth() >= depth) {
      if (parser.nextToken() == null) {
        return;
      }
    }
  }

  private static void expect(JsonToken actual, JsonToken expected) {
    if (actual != expected) {
      throw new IllegalStateException("expected " + expected + " at the start of a list body but found " + actual);
    }
  }
}
