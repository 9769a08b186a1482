package io.informer4j.reader;

import io.informer4j.meta.TypeKey;

/** What an informers map keys its informers by: the type and its Java representation. */
record InformerKey(TypeKey type, Representation<?> representation) {
}
