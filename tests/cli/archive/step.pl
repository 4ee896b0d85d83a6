# step.pl ID < DOM: the position a browser built for the archive page's step ID (the
# section id=ID), read from its cells (figurines and letters, ranks from the top, files
# from a) as the placement field of a FEN, then a line with the step's data-fen: the
# drawing and the position it claims must be the same (t_archive_html.sh).
use strict;
use warnings;
use utf8;
binmode STDIN, ':encoding(UTF-8)';
binmode STDOUT, ':encoding(UTF-8)';

my $id = shift or die "usage: step.pl ID < DOM\n";
local $/;
my $dom = <STDIN>;
my ($section) = $dom =~ /<section class="step" id="\Q$id\E">(.*?)<\/section>/s
	or die "step.pl: no step $id\n";
my ($fen) = $section =~ /data-fen="([^"]*)"/;
my %fig = ('♔' => 'K', '♕' => 'Q', '♖' => 'R', '♗' => 'B', '♘' => 'N', '♙' => 'P',
	   '♚' => 'k', '♛' => 'q', '♜' => 'r', '♝' => 'b', '♞' => 'n', '♟' => 'p');
my @rows;
for my $tr ($section =~ /<tr>(.*?)<\/tr>/gs) {
	my @cells = $tr =~ /<td[^>]*>(.*?)<\/td>/gs;
	next unless @cells;
	my ($row, $empty) = ('', 0);
	for my $c (@cells) {
		$c =~ s/<[^>]*>//g;
		my $p = $fig{$c} // $c;
		if ($p eq '') { $empty++; next }
		$row .= $empty if $empty;
		$empty = 0;
		$row .= $p;
	}
	$row .= $empty if $empty;
	push @rows, $row;
}
print join('/', @rows), "\n", $fen // '', "\n";
