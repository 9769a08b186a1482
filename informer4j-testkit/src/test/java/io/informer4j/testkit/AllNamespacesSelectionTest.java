package io.informer4j.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import io.informer4j.meta.Scope;
import io.informer4j.source.ListRequest;
import io.informer4j.source.Selection;
import org.junit.jupiter.api.Test;

/** A selection of all namespaces ({@code ""}) selects objects of every namespace; one of a namespace only its own. */
class AllNamespacesSelectionTest {

  private static final SimObject IN_SHOP = SimObject.of("shop", "web");
  private static final SimObject IN_PAYMENTS = SimObject.of("payments", "api");

  @Test
  void allNamespacesSelectsObjectsOfEveryNamespace() {
    SelectionFilter all = new SelectionFilter(Selection.all());

    assertThat(all.matches(IN_SHOP)).isTrue();
    assertThat(all.matches(IN_PAYMENTS)).isTrue();
  }

  @Test
  void oneNamespaceSelectsOnlyItsObjects() {
    SelectionFilter shop = new SelectionFilter(Selection.inNamespace("shop"));

    assertThat(shop.matches(IN_SHOP)).isTrue();
    assertThat(shop.matches(IN_PAYMENTS)).isFalse();
  }

  @Test
  void aListOfAllNamespacesReturnsObjectsOfEveryNamespace() {
    try (SimulatedApi api = SimulatedApi.builder().type(Listing.PODS, Scope.NAMESPACED).build()) {
      api.create(Listing.PODS, IN_SHOP);
      api.create(Listing.PODS, IN_PAYMENTS);

      assertThat(Listing.list(api.listerWatcher(Listing.PODS), ListRequest.of(Selection.all(), "")).keys())
          .containsExactly("payments/api", "shop/web");
      assertThat(Listing.list(api.listerWatcher(Listing.PODS), ListRequest.of(Selection.inNamespace("shop"), "")).keys())
          .containsExactly("shop/web");
    }
  }
}
