# secrets.pl < STATE.json: what a card game's state file keeps from everyone until the
# end, as text a page could show it in, a line each: every salt (hex), and the first four
# entries of every list, deck, pile and dealt order, as a run "a b c d" (lists are shown
# so in the reveal). A page of a running game must hold none of them (t_archive.sh).
use strict;
use warnings;
use JSON::PP;

local $/;
my $state = decode_json(<STDIN>);
my %seen;

sub out { my $s = shift; print "$s\n" unless $seen{$s}++ }

sub ints { my $a = shift; ref $a eq 'ARRAY' && @$a >= 4 && !grep { ref $_ || !/^\d+$/ } @$a }

sub runs {
	my $v = shift;
	if (ints($v)) { out(join ' ', @$v[0 .. 3]); return }
	runs($_) for ref $v eq 'ARRAY' ? @$v : ();
}

sub walk {
	my $v = shift;
	if (ref $v eq 'HASH') {
		for my $k (keys %$v) {
			my $x = $v->{$k};
			if ($k =~ /salt/i) {
				out($_) for grep { !ref && /^[0-9a-f]{16,}$/ } (ref $x eq 'ARRAY' ? @$x : ($x));
			} elsif ($k =~ /^(list|deck|decks|pile|piles|order|dealt)$/) {
				runs($x);
			}
			walk($x);
		}
	} elsif (ref $v eq 'ARRAY') {
		walk($_) for @$v;
	}
}
walk($state);
