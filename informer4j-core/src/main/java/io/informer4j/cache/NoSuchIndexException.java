package io.informer4j.cache;

/** Thrown when a lookup names an index that was never added. */
public final class NoSuchIndexException extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final String indexName;

  /** @param indexName the index that does not exist */
  public NoSuchIndexException(String indexName) {
    super("Index with name " + indexName + " does not exist");
    this.indexName = indexName;
  }

  /** Returns the name of the missing index. */
  public String indexName() {
    return indexName;
  }
}
