package io.informer4j.reader;

import io.informer4j.meta.ObjectType;
import io.informer4j.source.Selection;

/** What an informers map keys its informers by: the type in its representation, and the selection. */
record InformerKey(ObjectType<?> type, Selection selection) {
}
