package io.informer4j.informer;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.testing.Item;
import io.informer4j.testing.RecordingHandler;
import org.junit.jupiter.api.Test;

class FilteringEventHandlerTest {

  private final RecordingHandler delegate = new RecordingHandler();
  private final FilteringEventHandler<Item> filtering = new FilteringEventHandler<>(i -> i.data().equals("in"), delegate);

  @Test
  void turnsTransitionsIntoAddsAndDeletes() {
    Item in = Item.of("ns", "a", "1").withData("in");
    Item out = Item.of("ns", "a", "2").withData("out");
    filtering.onAdd(out, false);
    filtering.onAdd(in, true);
    filtering.onUpdate(in, in.withVersion("3"));
    filtering.onUpdate(in, out);
    filtering.onUpdate(out, in.withVersion("4"));
    filtering.onUpdate(out, out);
    filtering.onDelete(out, false);
    filtering.onDelete(in, true);
    assertThat(delegate.events()).containsExactly("add ns/a@1 initial", "update ns/a@1->3", "delete ns/a@1",
        "add ns/a@4", "delete ns/a@1 tombstone");
  }
}
